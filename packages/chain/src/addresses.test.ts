// Address formats against published pairs, checksum rejection and round trips; the
// TRON hex form matters because TRC20 logs come from TRON's Ethereum-compatible RPC.
import fc from 'fast-check';
import { hex } from '@scure/base';
import { privateKeyToAddress } from 'viem/accounts';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  hexToTron,
  isValidEvmAddress,
  isValidTronAddress,
  toChecksumAddress,
  tronToHex,
  uncompressPublicKey,
} from './addresses.ts';

describe('EVM addresses', () => {
  // Examples from EIP-55 itself (https://eips.ethereum.org/EIPS/eip-55).
  const EIP55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('checksums the EIP-55 examples', () => {
    for (const address of EIP55) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isValidEvmAddress(address)).toBe(true);
    }
  });

  it('accepts unchecksummed all-lower and all-upper forms', () => {
    expect(isValidEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true);
    expect(isValidEvmAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe(true);
  });

  it('rejects a mixed-case address with a wrong checksum, and malformed input', () => {
    expect(isValidEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true);
    expect(isValidEvmAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isValidEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267')).toBe(false);
    expect(isValidEvmAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
    expect(isValidEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226')).toBe(false);
    expect(isValidEvmAddress('0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
    expect(isValidEvmAddress('TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6')).toBe(false);
  });

  it('agrees with viem on random addresses', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const lower = `0x${hex.encode(bytes)}`;
        expect(toChecksumAddress(lower)).toBe(getAddress(lower));
        expect(isValidEvmAddress(getAddress(lower))).toBe(true);
      }),
    );
  });
});

describe('TRON addresses', () => {
  // Published pairs: the USDT TRC20 contract as Tronscan shows it; Dune's
  // to_tron_address docs; CryptoTron::AddrTools' synopsis (CPAN).
  const PAIRS = [
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'],
    ['THHRK1bA7YRPZBcLnTP1SZy9ipUpsRwpo6', '0x503aa4ad108bd3a89ba0310e23b49fb654cd6986'],
    ['TQHgMpVzWkhSsRB4BzZgmV8uW4cFL8eaBr', '0x9d1015e669c2df831003c5c54ceb48da613d9979'],
  ] as const;

  it('converts the published pairs both ways', () => {
    for (const [tron, evm] of PAIRS) {
      expect(tronToHex(tron)).toBe(evm);
      expect(hexToTron(evm)).toBe(tron);
      expect(hexToTron(`41${evm.slice(2)}`)).toBe(tron);
      expect(hexToTron(`0x41${evm.slice(2).toUpperCase()}`)).toBe(tron);
      expect(isValidTronAddress(tron)).toBe(true);
    }
  });

  it('gives the address TRON documents for its private-net witness key', () => {
    // tronprotocol documentation (smart-contract guide): witness private key
    // da146374…f0d0 has address TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY.
    const evm = privateKeyToAddress(
      '0xda146374a75310b9666e834ee4ad0866d6f4035967bfc76217c5a495fff9f0d0',
    );
    expect(hexToTron(evm)).toBe('TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY');
  });

  it('rejects a wrong checksum, a wrong prefix and malformed input', () => {
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isValidTronAddress('tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false); // 0 is not base58
    expect(isValidTronAddress('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(false);
    // A valid base58check string whose version byte is Bitcoin's 0x00, not TRON's 0x41.
    expect(isValidTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(() => tronToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toThrow();
    expect(() => hexToTron('0x1234')).toThrow();
  });

  it('round-trips every 20-byte address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const evm = `0x${hex.encode(bytes)}`;
        const tron = hexToTron(evm);
        expect(tron).toMatch(/^T/);
        expect(isValidTronAddress(tron)).toBe(true);
        expect(tronToHex(tron)).toBe(evm);
      }),
    );
  });
});

describe('public key decompression', () => {
  it('recovers the uncompressed key viem would hash', () => {
    // secp256k1 generator G: compressed 02 79BE…1798, y = 483A…D4B8.
    const g = hex.decode('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
    expect(hex.encode(uncompressPublicKey(g))).toBe(
      '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' +
        '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8',
    );
    expect(() => uncompressPublicKey(new Uint8Array(33))).toThrow();
  });
});
