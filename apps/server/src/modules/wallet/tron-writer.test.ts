// The TRON writer against a fake TronWeb (no node here): what it signs, how it reads the
// node's broadcast answers and transaction info, and where it takes the head block from.
import { describe, expect, it } from 'vitest';
import {
  decodeTrc20Transfer,
  verifyTronSignature,
  type SignedTronTransaction,
} from '@olive/chain/tron-transfer';
import {
  TRON_FEE_LIMIT_SUN,
  TRON_TX_LIFETIME_MS,
  tronChainWriter,
  tronWebClient,
  type TronBroadcastResult,
  type TronTransactionInfo,
  type TronWebLike,
} from './tron-writer.ts';

const HOT_KEY = 'da146374a75310b9666e834ee4ad0866d6f4035967bfc76217c5a495fff9f0d0';
const HOT = 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TO = 'TGexEkipwwnskd2rDXWvptwLLhjCTcNeCi';
const HEIGHT = 70_000_000;
const BLOCK_TIME = 1_750_000_000_000;
const BLOCK = {
  blockID: '00000000042c1d80' + '9c3e5a7f1b2d4c6e' + '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  block_header: { raw_data: { number: HEIGHT, timestamp: BLOCK_TIME } },
};

function fakeNode(answers: { broadcast?: TronBroadcastResult; info?: TronTransactionInfo } = {}) {
  const calls: { requests: unknown[][]; sent: SignedTronTransaction[]; infos: string[] } = {
    requests: [],
    sent: [],
    infos: [],
  };
  const client: TronWebLike = {
    fullNode: {
      async request<T>(...args: unknown[]) {
        calls.requests.push(args);
        return BLOCK as T;
      },
    },
    trx: {
      async sendRawTransaction(tx) {
        calls.sent.push(tx);
        return answers.broadcast ?? { result: true };
      },
      async getUnconfirmedTransactionInfo(txID) {
        calls.infos.push(txID);
        return answers.info ?? {};
      },
    },
  };
  return { client, calls };
}

const writerWith = (client: TronWebLike) =>
  tronChainWriter({
    client,
    contract: USDT,
    hotKey: HOT_KEY,
    nonceScope: 'trc20',
    now: () => BLOCK_TIME + 1_500,
  });

describe('TRON chain writer', () => {
  it('has the hot wallet address and no nonces', async () => {
    const writer = writerWith(fakeNode().client);
    expect(writer.hotAddress).toBe(HOT);
    expect(await writer.chainNonce()).toBe(0n);
  });

  it('signs a USDT transfer on the head block, valid for the configured lifetime', async () => {
    const { client, calls } = fakeNode();
    const writer = writerWith(client);
    const signed = await writer.signTransfer({ to: TO, tokenAmount: 25_500_000n, nonce: 7n });
    expect(calls.requests).toEqual([['wallet/getblock', { detail: false }, 'post']]);
    const tx = JSON.parse(signed.rawTx) as SignedTronTransaction;
    expect(signed.txHash).toBe(tx.txID);
    expect(verifyTronSignature(tx)).toBe(HOT);
    expect(decodeTrc20Transfer(tx.raw_data_hex)).toEqual({
      owner: HOT,
      contract: USDT,
      to: TO,
      amount: 25_500_000n,
      feeLimit: TRON_FEE_LIMIT_SUN,
      refBlockBytes: '1d80',
      refBlockHash: '9c3e5a7f1b2d4c6e',
      timestamp: BLOCK_TIME + 1_500,
      expiration: BLOCK_TIME + 1_500 + TRON_TX_LIFETIME_MS,
    });
  });

  it('never gives two transfers the same txID, even within one millisecond', async () => {
    const writer = writerWith(fakeNode().client);
    const a = await writer.signTransfer({ to: TO, tokenAmount: 1_000_000n, nonce: 1n });
    const b = await writer.signTransfer({ to: TO, tokenAmount: 1_000_000n, nonce: 2n });
    expect(a.txHash).not.toBe(b.txHash);
  });

  it('broadcasts the recorded bytes; a duplicate counts as sent', async () => {
    for (const answer of [{ result: true }, { code: 'DUP_TRANSACTION_ERROR', message: '' }]) {
      const { client, calls } = fakeNode({ broadcast: answer });
      const writer = writerWith(client);
      const signed = await writer.signTransfer({ to: TO, tokenAmount: 1n, nonce: 0n });
      await writer.broadcast(signed.rawTx);
      expect(calls.sent).toEqual([JSON.parse(signed.rawTx)]);
    }
  });

  it('reports any other refusal with the node’s decoded message', async () => {
    const message = Buffer.from('Transaction expired').toString('hex');
    const { client } = fakeNode({
      broadcast: { result: false, code: 'TRANSACTION_EXPIRATION_ERROR', message },
    });
    const writer = writerWith(client);
    const signed = await writer.signTransfer({ to: TO, tokenAmount: 1n, nonce: 0n });
    await expect(writer.broadcast(signed.rawTx)).rejects.toThrow(
      'TRON broadcast refused: TRANSACTION_EXPIRATION_ERROR Transaction expired',
    );
  });

  it('refuses to send a recorded transaction that was altered', async () => {
    const { client, calls } = fakeNode();
    const writer = writerWith(client);
    const signed = await writer.signTransfer({ to: TO, tokenAmount: 1n, nonce: 0n });
    const tx = JSON.parse(signed.rawTx) as SignedTronTransaction;
    tx.raw_data.fee_limit += 1;
    await expect(writer.broadcast(JSON.stringify(tx))).rejects.toThrow();
    expect(calls.sent).toEqual([]);
  });

  it('maps transaction info to the sender’s states', async () => {
    const cases: [TronTransactionInfo, unknown][] = [
      [{}, { state: 'unknown' }],
      [
        { blockNumber: HEIGHT, receipt: { result: 'SUCCESS' } },
        { state: 'mined', blockNumber: 70_000_000n },
      ],
      [
        { blockNumber: HEIGHT, result: 'FAILED', receipt: { result: 'REVERT' } },
        { state: 'failed', blockNumber: 70_000_000n },
      ],
      [
        { blockNumber: HEIGHT, receipt: { result: 'OUT_OF_ENERGY' } },
        { state: 'failed', blockNumber: 70_000_000n },
      ],
      [
        { blockNumber: HEIGHT, result: 'FAILED' },
        { state: 'failed', blockNumber: 70_000_000n },
      ],
      [{ blockNumber: HEIGHT, receipt: {} }, { state: 'pending' }],
    ];
    for (const [info, state] of cases) {
      const { client, calls } = fakeNode({ info });
      expect(await writerWith(client).status('ab'.repeat(32))).toEqual(state);
      expect(calls.infos).toEqual(['ab'.repeat(32)]);
    }
  });

  it('reads the head number from the block header', async () => {
    expect(await writerWith(fakeNode().client).headNumber()).toBe(70_000_000n);
  });

  it('builds a real TronWeb client without touching the network', () => {
    const client = tronWebClient('http://127.0.0.1:9', 'key');
    expect(typeof client.fullNode.request).toBe('function');
    expect(() => tronChainWriter({ contract: USDT, hotKey: HOT_KEY, nonceScope: 'trc20' })).toThrow(
      /fullHost/,
    );
  });
});
