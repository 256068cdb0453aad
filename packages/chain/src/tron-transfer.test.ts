// TRC20 transfers built and signed offline: every field read back by our decoder and by
// TronWeb's, txID = sha256(raw_data), the signer recovered (also by viem) and any changed
// byte refused; and a real Nile testnet transfer (raw_data_hex, txID and signature as a
// node returned them) checked end to end.
import { hex } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { utils as tronUtils } from 'tronweb';
import { recoverAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { hexToTron, tronToHex } from './addresses.ts';
import {
  buildTrc20Transfer,
  decodeTrc20Transfer,
  signTronTransaction,
  tronAddressFromPrivateKey,
  tronRefBlockFields,
  verifyTronSignature,
  type TronTransaction,
  type Trc20TransferInput,
} from './tron-transfer.ts';

// The TRON docs' private-network key and its address.
const HOT_KEY = 'da146374a75310b9666e834ee4ad0866d6f4035967bfc76217c5a495fff9f0d0';
const HOT = 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const RECIPIENT = hexToTron(privateKeyToAddress(`0x${'11'.repeat(32)}`));
// A block ID carries its height in the first 8 bytes (here 70,000,000 = 0x42c1d80).
const BLOCK = {
  number: 70_000_000n,
  hash: '00000000042c1d80' + '9c3e5a7f1b2d4c6e' + '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
};
const NOW = 1_750_000_000_000;

const input = (overrides: Partial<Trc20TransferInput> = {}): Trc20TransferInput => ({
  from: HOT,
  contract: USDT,
  to: RECIPIENT,
  amount: 1_234_567_890_123n, // 1,234,567.890123 USDT
  feeLimit: 30_000_000n, // 30 TRX
  refBlock: BLOCK,
  timestamp: NOW,
  expiration: NOW + 10 * 60_000,
  ...overrides,
});

const txIdOf = (rawDataHex: string) => hex.encode(sha256(hex.decode(rawDataHex)));

describe('TRC20 transfer, built and signed offline', () => {
  it('reads every field back as given', () => {
    const tx = buildTrc20Transfer(input());
    expect(decodeTrc20Transfer(tx.raw_data_hex)).toEqual({
      owner: HOT,
      contract: USDT,
      to: RECIPIENT,
      amount: 1_234_567_890_123n,
      feeLimit: 30_000_000n,
      refBlockBytes: '1d80',
      refBlockHash: '9c3e5a7f1b2d4c6e',
      expiration: NOW + 600_000,
      timestamp: NOW,
    });
    expect(tx.txID).toBe(txIdOf(tx.raw_data_hex));
    expect(tx.raw_data.contract[0]?.parameter.value.data).toBe(
      'a9059cbb' +
        tronToHex(RECIPIENT).slice(2).padStart(64, '0') +
        1_234_567_890_123n.toString(16).padStart(64, '0'),
    );
  });

  it('agrees with TronWeb’s own decoder', () => {
    const tx = buildTrc20Transfer(input());
    const raw = tronUtils.deserializeTx.deserializeTransaction(
      'TriggerSmartContract',
      tx.raw_data_hex,
    );
    const value = raw.contract[0].parameter.value;
    expect(value.owner_address.toLowerCase()).toBe(`41${tronToHex(HOT).slice(2)}`);
    expect(value.contract_address.toLowerCase()).toBe(`41${tronToHex(USDT).slice(2)}`);
    expect(value.data.toLowerCase()).toBe(tx.raw_data.contract[0]?.parameter.value.data);
    expect(value.call_value).toBe(0);
    expect(raw.contract[0].parameter.type_url).toBe(
      'type.googleapis.com/protocol.TriggerSmartContract',
    );
    expect(raw.fee_limit).toBe(30_000_000);
    expect(raw.ref_block_bytes.toLowerCase()).toBe('1d80');
    expect(raw.ref_block_hash.toLowerCase()).toBe('9c3e5a7f1b2d4c6e');
    expect(raw.expiration).toBe(NOW + 600_000);
    expect(raw.timestamp).toBe(NOW);
    expect(tronUtils.transaction.txCheck(tx)).toBe(true);
  });

  it('keeps amounts exact up to 2^256 - 1', () => {
    for (const amount of [1n, 10n ** 6n, 2n ** 53n + 1n, 2n ** 256n - 1n]) {
      expect(decodeTrc20Transfer(buildTrc20Transfer(input({ amount })).raw_data_hex).amount).toBe(
        amount,
      );
    }
  });

  it('signs with the hot wallet key; the signer recovers to the hot wallet', () => {
    expect(tronAddressFromPrivateKey(HOT_KEY)).toBe(HOT);
    expect(tronAddressFromPrivateKey(`0x${HOT_KEY}`)).toBe(HOT);
    const signed = signTronTransaction(buildTrc20Transfer(input()), HOT_KEY);
    expect(signed.signature).toHaveLength(1);
    expect(signed.signature[0]).toMatch(/^[0-9a-f]{128}(1b|1c)$/);
    expect(verifyTronSignature(signed)).toBe(HOT);
    // RFC 6979: the same transaction gives the same signature.
    expect(signTronTransaction(buildTrc20Transfer(input()), HOT_KEY)).toEqual(signed);
  });

  it('recovers the same signer with viem (an independent secp256k1 implementation)', async () => {
    const signed = signTronTransaction(buildTrc20Transfer(input()), HOT_KEY);
    const signature = signed.signature[0] as string;
    const recovered = await recoverAddress({
      hash: `0x${signed.txID}`,
      signature: `0x${signature}`,
    });
    expect(recovered.toLowerCase()).toBe(tronToHex(HOT));
  });

  it('refuses any changed byte of raw_data or of the signature', () => {
    const signed = signTronTransaction(buildTrc20Transfer(input()), HOT_KEY);
    const raw = signed.raw_data_hex;
    for (let i = 0; i < raw.length; i += 2) {
      const changed =
        raw.slice(0, i) +
        ((parseInt(raw.slice(i, i + 2), 16) ^ 0x01) >>> 0).toString(16).padStart(2, '0') +
        raw.slice(i + 2);
      // As stored (txID kept) and as a forger would send it (txID recomputed).
      for (const txID of [signed.txID, txIdOf(changed)]) {
        const tampered = { ...signed, raw_data_hex: changed, txID };
        expect(() => {
          if (verifyTronSignature(tampered) === HOT) throw new Error('accepted');
        }).toThrow();
      }
    }
    const signature = signed.signature[0] as string;
    for (let i = 0; i < 130; i += 2) {
      const byte = parseInt(signature.slice(i, i + 2), 16) ^ 0x01;
      const changed =
        signature.slice(0, i) + byte.toString(16).padStart(2, '0') + signature.slice(i + 2);
      let signer: string | null = null;
      try {
        signer = verifyTronSignature({ ...signed, signature: [changed] });
      } catch {
        signer = null;
      }
      expect(signer).not.toBe(HOT);
    }
  });

  it('binds the signature to the content: moved onto another transfer it names someone else', () => {
    const signed = signTronTransaction(buildTrc20Transfer(input()), HOT_KEY);
    const other = buildTrc20Transfer(input({ amount: 1_234_567_890_124n }));
    expect(verifyTronSignature({ ...other, signature: signed.signature })).not.toBe(HOT);
    // JSON edited without the hex (what broadcasttransaction re-encodes) is refused.
    const edited = structuredClone(signed);
    edited.raw_data.fee_limit = 1;
    expect(() => verifyTronSignature(edited)).toThrow(/raw_data does not match/);
  });

  it('refuses a key that is not the owner’s, and malformed keys', () => {
    const tx = buildTrc20Transfer(input());
    expect(() => signTronTransaction(tx, '22'.repeat(32))).toThrow(/does not belong/);
    expect(() => signTronTransaction(tx, HOT_KEY.slice(2))).toThrow(/32 bytes/);
    expect(() => signTronTransaction(tx, `${HOT_KEY.slice(0, 62)}zz`)).toThrow(/32 bytes/);
  });

  it('refuses bad input', () => {
    expect(() => buildTrc20Transfer(input({ to: '0x' + '11'.repeat(20) }))).toThrow(/to is not/);
    expect(() => buildTrc20Transfer(input({ to: RECIPIENT.slice(0, -1) + 'x' }))).toThrow();
    expect(() =>
      buildTrc20Transfer(input({ contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })),
    ).toThrow();
    expect(() => buildTrc20Transfer(input({ amount: 0n }))).toThrow(/amount/);
    expect(() => buildTrc20Transfer(input({ amount: 2n ** 256n }))).toThrow(/amount/);
    expect(() => buildTrc20Transfer(input({ feeLimit: 0n }))).toThrow(/fee limit/);
    expect(() => buildTrc20Transfer(input({ expiration: NOW }))).toThrow(/expiration/);
    expect(() => buildTrc20Transfer(input({ expiration: NOW + 86_400_001 }))).toThrow(/24 hours/);
    expect(() =>
      buildTrc20Transfer(input({ refBlock: { number: 70_000_001n, hash: BLOCK.hash } })),
    ).toThrow(/does not start with height/);
  });
});

describe('reference block fields', () => {
  it('takes bytes 6..8 of the height and bytes 8..16 of the block ID', () => {
    expect(tronRefBlockFields(BLOCK)).toEqual({
      refBlockBytes: '1d80',
      refBlockHash: '9c3e5a7f1b2d4c6e',
    });
    // What TronWeb's getCurrentRefBlockParams derives from the same block.
    expect(
      tronRefBlockFields({
        number: 0x1234567,
        hash: `0x${'0'.repeat(9)}1234567${'ab'.repeat(24)}`,
      }),
    ).toEqual({
      refBlockBytes: (0x1234567).toString(16).slice(-4),
      refBlockHash: 'abababababababab',
    });
  });
});

// A TRC20 transfer on the Nile testnet as a node returned it (gettransactionbyid), kept
// as a fixture in fbsobreira/gotron-sdk pkg/client/transaction/marshal_test.go
// (commit 5e0d5e488993573861c4be6ad2a7f12d6bc39fbb): 1 unit of Nile USDT.
const NILE: TronTransaction = {
  visible: false,
  txID: 'c70b20da8cb8d96a99c1aceb283412acb9dea313a9e467178431a3c6ae8b9f08',
  raw_data: {
    contract: [
      {
        parameter: {
          value: {
            data: 'a9059cbb00000000000000000000004150125bea243a640bf85348873b6c4f3c517aee7a0000000000000000000000000000000000000000000000000000000000000001',
            owner_address: '41495511a493d8c362be4267224e6d81013a6862ee',
            contract_address: '41eca9bc828a3005b9a3b909f2cc5c2a54794de05f',
          },
          type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
        },
        type: 'TriggerSmartContract',
      },
    ],
    ref_block_bytes: '8ad9',
    ref_block_hash: 'eaef69105495eb15',
    expiration: 1773182914544,
    fee_limit: 100000000,
    timestamp: 1773182854544,
  },
  raw_data_hex:
    '0a028ad92208eaef69105495eb1540f09fc0cfcd335aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541495511a493d8c362be4267224e6d81013a6862ee121541eca9bc828a3005b9a3b909f2cc5c2a54794de05f2244a9059cbb00000000000000000000004150125bea243a640bf85348873b6c4f3c517aee7a00000000000000000000000000000000000000000000000000000000000000017090cbbccfcd33900180c2d72f',
  signature: [
    '1788bf0281f67c42f5a09322523edee9969e808a863776f21ab6543de9dd42ca0e4955577879df8074086c620eb96709ba9a95d60a166de190a081e8d69801da00',
  ],
};
const NILE_OWNER = 'TGexEkipwwnskd2rDXWvptwLLhjCTcNeCi';
const NILE_USDT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const NILE_TO = 'THGb41mLdft1nvi27vcijfZPLN5ZL7yXoN';

describe('a published Nile testnet transfer', () => {
  it('has txID = sha256(raw_data) and decodes to its fields', () => {
    expect(txIdOf(NILE.raw_data_hex)).toBe(NILE.txID);
    expect(decodeTrc20Transfer(NILE.raw_data_hex)).toEqual({
      owner: NILE_OWNER,
      contract: NILE_USDT,
      to: NILE_TO,
      amount: 1n,
      feeLimit: 100_000_000n,
      refBlockBytes: '8ad9',
      refBlockHash: 'eaef69105495eb15',
      expiration: 1773182914544,
      timestamp: 1773182854544,
    });
  });

  it('recovers its signer (v = 0 form) as the owner', () => {
    expect(verifyTronSignature(NILE)).toBe(NILE_OWNER);
  });

  it('is reproduced byte for byte by our builder (recipient word aside)', () => {
    // The node-built call data padded the recipient as 0x41 + 20 bytes; we pad with zeros,
    // the standard ABI form. Everything else must be the same bytes.
    const height = 0x3a18ad9n; // any height ending in 8ad9
    const ours = buildTrc20Transfer({
      from: NILE_OWNER,
      contract: NILE_USDT,
      to: NILE_TO,
      amount: 1n,
      feeLimit: 100_000_000n,
      refBlock: {
        number: height,
        hash: height.toString(16).padStart(16, '0') + 'eaef69105495eb15' + '00'.repeat(16),
      },
      timestamp: 1773182854544,
      expiration: 1773182914544,
    });
    const standard = NILE.raw_data_hex.replace(
      '00000000000000000000004150125bea',
      '00000000000000000000000050125bea',
    );
    expect(standard).not.toBe(NILE.raw_data_hex);
    expect(ours.raw_data_hex).toBe(standard);
  });

  it('refuses a TransferContract (TRX) from the same source', () => {
    const trxTransfer =
      '0a028acb22087c571ea3e7e9dbf340c8f1c0cfcd335a66080112620a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412310a1541eca9bc828a3005b9a3b909f2cc5c2a54794de05f121541495511a493d8c362be4267224e6d81013a6862ee18e807708da3bdcfcd33';
    expect(txIdOf(trxTransfer)).toBe(
      'ae80c7aa55e19c2da5e712d4be50e4c9422dd6bfc99039cc42d5deb76938c0e7',
    );
    expect(() => decodeTrc20Transfer(trxTransfer)).toThrow(/not a TriggerSmartContract/);
  });
});

describe('the decoder refuses anything but a plain transfer', () => {
  const encode = (edit: (raw: TronTransaction['raw_data']) => Record<string, unknown>) => {
    const raw = structuredClone(buildTrc20Transfer(input()).raw_data);
    return tronUtils.transaction
      .txPbToRawDataHex(tronUtils.transaction.txJsonToPb({ visible: false, raw_data: edit(raw) }))
      .toLowerCase();
  };

  it('with TRX attached, a memo, or another function', () => {
    const value = (raw: TronTransaction['raw_data']) => raw.contract[0]!.parameter.value;
    expect(() =>
      decodeTrc20Transfer(
        encode((raw) => ({
          ...raw,
          contract: [
            {
              ...raw.contract[0]!,
              parameter: { ...raw.contract[0]!.parameter, value: { ...value(raw), call_value: 1 } },
            },
          ],
        })),
      ),
    ).toThrow(/carries TRX/);
    expect(() => decodeTrc20Transfer(encode((raw) => ({ ...raw, data: '6869' })))).toThrow(
      /unexpected field 10/,
    );
    expect(() =>
      decodeTrc20Transfer(
        encode((raw) => {
          value(raw).data = '095ea7b3' + value(raw).data.slice(8); // approve(address,uint256)
          return raw;
        }),
      ),
    ).toThrow(/not transfer/);
    expect(() =>
      decodeTrc20Transfer(
        encode((raw) => {
          value(raw).data = 'a9059cbb' + 'ff' + value(raw).data.slice(10);
          return raw;
        }),
      ),
    ).toThrow(/dirty upper bytes/);
  });

  it('with truncated or trailing bytes', () => {
    const raw = buildTrc20Transfer(input()).raw_data_hex;
    expect(() => decodeTrc20Transfer(raw.slice(0, -2))).toThrow();
    expect(() => decodeTrc20Transfer(`${raw}00`)).toThrow();
    expect(() => decodeTrc20Transfer('zz')).toThrow(/not hex/);
  });
});
