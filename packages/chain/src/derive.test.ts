// Derivation checked against published vectors: the BIP-32 spec's test vectors 1 and 2,
// and well-known mnemonic → address pairs for both address formats.
import { HDKey } from '@scure/bip32';
import { hex } from '@scure/base';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  accountKeysFromSeed,
  deriveEvmPrivateKey,
  deriveTronPrivateKey,
  evmDepositAddress,
  tronDepositAddress,
} from './derive.ts';
import { publicKeyToEvmAddress, publicKeyToTronAddress } from './addresses.ts';

// https://github.com/bitcoin/bips/blob/master/bip-0032.mediawiki#test-vectors
const BIP32_VECTORS = [
  {
    seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      [
        'm',
        'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ],
      [
        "m/0'",
        'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
        'xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7',
      ],
      [
        "m/0'/1",
        'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
        'xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs',
      ],
      [
        "m/0'/1/2'/2/1000000000",
        'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
        'xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76',
      ],
    ],
  },
  {
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    chains: [
      [
        'm',
        'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
        'xprv9s21ZrQH143K31xYSDQpPDxsXRTUcvj2iNHm5NUtrGiGG5e2DtALGdso3pGz6ssrdK4PFmM8NSpSBHNqPqm55Qn3LqFtT2emdEXVYsCzC2U',
      ],
      [
        'm/0',
        'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
        'xprv9vHkqa6EV4sPZHYqZznhT2NPtPCjKuDKGY38FBWLvgaDx45zo9WQRUT3dKYnjwih2yJD9mkrocEZXo1ex8G81dwSM1fwqWpWkeS3v86pgKt',
      ],
      [
        "m/0/2147483647'/1",
        'xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon',
        'xprv9zFnWC6h2cLgpmSA46vutJzBcfJ8yaJGg8cX1e5StJh45BBciYTRXSd25UEPVuesF9yog62tGAQtHjXajPPdbRCHuWS6T8XA2ECKADdw4Ef',
      ],
      [
        "m/0/2147483647'/1/2147483646'/2",
        'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt',
        'xprvA2nrNbFZABcdryreWet9Ea4LvTJcGsqrMzxHx98MMrotbir7yrKCEXw7nadnHM8Dq38EGfSh6dqA9QWTyefMLEcBYJUuekgW4BYPJcr9E7j',
      ],
    ],
  },
] as const;

// BIP-39 seed without a passphrase: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic".
function mnemonicToSeed(mnemonic: string): Uint8Array {
  const utf8 = new TextEncoder();
  return pbkdf2(sha512, utf8.encode(mnemonic.normalize('NFKD')), utf8.encode('mnemonic'), {
    c: 2048,
    dkLen: 64,
  });
}

// Hardhat's and Foundry's default mnemonic; its first accounts are printed by `hardhat node`.
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const seed = mnemonicToSeed(HARDHAT_MNEMONIC);
const evmKeys = accountKeysFromSeed(seed, 60);
const tronKeys = accountKeysFromSeed(seed, 195);

describe('BIP-32 spec test vectors', () => {
  for (const [n, vector] of BIP32_VECTORS.entries()) {
    for (const [path, xpub, xprv] of vector.chains) {
      it(`vector ${n + 1} ${path}`, () => {
        const key = HDKey.fromMasterSeed(hex.decode(vector.seed)).derive(path);
        expect(key.publicExtendedKey).toBe(xpub);
        expect(key.privateExtendedKey).toBe(xprv);
      });
    }
  }

  it('derives the same non-hardened child from the xpub as from the xprv', () => {
    const [, parentXpub] = BIP32_VECTORS[1].chains[0];
    const [, childXpub] = BIP32_VECTORS[1].chains[1];
    expect(HDKey.fromExtendedKey(parentXpub).derive('m/0').publicExtendedKey).toBe(childXpub);
  });
});

describe('EVM deposit addresses (coin type 60)', () => {
  it('matches the well-known Hardhat accounts at m/44/60/0/0/i', () => {
    expect(evmDepositAddress(evmKeys.xpub, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(evmDepositAddress(evmKeys.xpub, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(evmDepositAddress(evmKeys.xpub, 2)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
  });

  it('derives the matching private key from the xprv (root or account level)', () => {
    const hardhat0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(deriveEvmPrivateKey(evmKeys.xprv, 0)).toBe(hardhat0);
    expect(deriveEvmPrivateKey(HDKey.fromMasterSeed(seed).privateExtendedKey, 0)).toBe(hardhat0);
  });

  it('refuses an xprv, a key at the wrong depth and a bad index', () => {
    expect(() => evmDepositAddress(evmKeys.xprv, 0)).toThrow(/extended public key/);
    const root = HDKey.fromMasterSeed(seed).publicExtendedKey;
    expect(() => evmDepositAddress(root, 0)).toThrow(/account-level/);
    expect(() => evmDepositAddress(evmKeys.xpub, -1)).toThrow(RangeError);
    expect(() => evmDepositAddress(evmKeys.xpub, 2 ** 31)).toThrow(RangeError);
    expect(() => evmDepositAddress(evmKeys.xpub, 1.5)).toThrow(RangeError);
  });

  it('gives distinct addresses for distinct indexes', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => evmDepositAddress(evmKeys.xpub, i)));
    expect(seen.size).toBe(50);
  });
});

describe('TRON deposit addresses (coin type 195)', () => {
  it('matches the published address of the Hardhat mnemonic at m/44/195/0/0/0', () => {
    // Same pair in TRON's wallet-cli docs and in several wallets' test suites:
    // private key 15f0bbb1…0954 → TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6.
    expect(tronDepositAddress(tronKeys.xpub, 0)).toBe('TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6');
    expect(deriveTronPrivateKey(tronKeys.xprv, 0)).toBe(
      '15f0bbb1774be40b7a8d7965d637f324bda2f711fc5726a3dcc19585c6950954',
    );
  });

  it('uses the same key hash as the EVM form of the same public key', () => {
    const key = HDKey.fromExtendedKey(tronKeys.xpub).derive('m/0/7').publicKey as Uint8Array;
    const tron = publicKeyToTronAddress(key);
    expect(tron).toBe(tronDepositAddress(tronKeys.xpub, 7));
    expect(publicKeyToEvmAddress(key).slice(2).toLowerCase()).toHaveLength(40);
  });
});
