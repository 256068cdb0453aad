// A TRC20 withdrawal whose signed transfer expires without landing is signed again on a
// new reference block, once, under a new hash; the expired bytes are kept as an attempt
// and never sent again. Driven through the real sender and TRON writer against a node
// that answers with java-tron's recorded reply shapes (no TRON node runs here):
// - broadcast accepted: {"result":true,"txid":"…"};
// - broadcast too late: {"code":"TRANSACTION_EXPIRATION_ERROR","txid":"…","message":<hex of
//   "Transaction expired">} (java-tron's wallet/broadcasttransaction; the message is hex
//   UTF-8, as tronprotocol/java-tron#3126 and #2883 show);
// - wallet/gettransactioninfobyid of a transaction in no block: {};
// - of a mined TRC20 transfer: {id, fee, blockNumber, blockTimeStamp, contractResult,
//   contract_address, receipt: {energy_usage_total, net_usage, result: "SUCCESS"}, log}.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import type { SignedTronTransaction } from '@olive/chain/tron-transfer';
import { decodeTrc20Transfer } from '@olive/chain/tron-transfer';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { register } from '../../../test/accounts.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { TRON_TX_LIFETIME_MS, tronChainWriter, type TronWebLike } from './tron-writer.ts';
import { withdrawalSender } from './withdrawal.sender.ts';

const HOT_KEY = 'da146374a75310b9666e834ee4ad0866d6f4035967bfc76217c5a495fff9f0d0';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TO = 'TGexEkipwwnskd2rDXWvptwLLhjCTcNeCi';
const EXPIRED = {
  code: 'TRANSACTION_EXPIRATION_ERROR',
  message: Buffer.from('Transaction expired').toString('hex'),
};

/** A TRON full node as the writer sees it: a head that moves, a pool, blocks. */
function tronNode() {
  const head = { number: 70_000_000, timestamp: 1_750_000_000_000 };
  const sent: SignedTronTransaction[] = [];
  const mined = new Map<string, number>();
  const block = () => ({
    blockID: head.number.toString(16).padStart(16, '0') + 'ab'.repeat(24),
    block_header: { raw_data: { number: head.number, timestamp: head.timestamp } },
  });
  const client: TronWebLike = {
    fullNode: { request: async <T>() => block() as T },
    trx: {
      async sendRawTransaction(tx) {
        sent.push(tx);
        const expiration = decodeTrc20Transfer(tx.raw_data_hex).expiration;
        if (head.timestamp > expiration) return { ...EXPIRED, txid: tx.txID } as never;
        return { result: true, txid: tx.txID } as never;
      },
      async getUnconfirmedTransactionInfo(txID) {
        const at = mined.get(txID);
        if (at === undefined) return {};
        return {
          id: txID,
          fee: 13_844_850,
          blockNumber: at,
          blockTimeStamp: head.timestamp,
          contractResult: [''],
          contract_address: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
          receipt: { energy_usage_total: 130_285, net_usage: 345, result: 'SUCCESS' },
          log: [],
        } as never;
      },
    },
  };
  return {
    client,
    sent,
    /** Blocks pass (3 s each on TRON). */
    advance(blocks: number) {
      head.number += blocks;
      head.timestamp += blocks * 3_000;
    },
    /** The node's pool takes the transaction into the next block. */
    mine(txID: string) {
      head.number += 1;
      head.timestamp += 3_000;
      mined.set(txID, head.number);
    },
    now: () => head.timestamp,
  };
}

const log = {
  lines: [] as string[],
  info(_: object, msg: string) {
    this.lines.push(msg);
  },
  warn(_: object, msg: string) {
    this.lines.push(msg);
  },
  error(_: object, msg: string) {
    this.lines.push(msg);
  },
};

// An app (and database) per test: the sender takes every open TRC20 withdrawal.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

async function approvedWithdrawal(): Promise<string> {
  const user = await register(t);
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'trc20'), amount: -parseAmount('100') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('100') },
    ],
  });
  const body = { network: 'trc20', fund_password: '246810' };
  const saved = await t.call('/api/user/setaddress', { ...body, address: TO }, user.headers);
  expect(saved.code, saved.msg).toBe(1);
  const reply = await t.call<{ withdrawal_id: string; status: string }>(
    '/api/user/withdraw',
    { ...body, amount: '30' },
    user.headers,
  );
  expect(reply.code, reply.msg).toBe(1);
  expect(reply.data?.status).toBe('approved');
  return reply.data!.withdrawal_id;
}

function senderOn(
  node: ReturnType<typeof tronNode>,
  afterRecord?: (withdrawalId: string) => Promise<void>,
) {
  const s = t.app.services;
  const writer = tronChainWriter({
    client: node.client,
    contract: USDT,
    hotKey: HOT_KEY,
    nonceScope: 'trc20',
    now: node.now,
  });
  return withdrawalSender(
    {
      repo: s.withdrawalRepo,
      deposits: s.deposits,
      withdrawals: s.withdrawals,
      writer,
      log,
      ...(afterRecord ? { afterRecord } : {}),
    },
    'trc20',
  );
}

const row = (id: string) =>
  t.db
    .selectFrom('withdrawals')
    .select(['status', 'tx_hash', 'raw_tx'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const attempts = (id: string) =>
  t.db
    .selectFrom('withdrawal_attempts')
    .select(['tx_hash', 'reason'])
    .where('withdrawal_id', '=', id)
    .orderBy('id')
    .execute();

describe('TRC20 transfer expiry', () => {
  it('signs again on a new reference block once the first transfer expired unmined', async () => {
    const id = await approvedWithdrawal();
    const node = tronNode();
    const sender = senderOn(node);

    await sender.tick();
    const first = await row(id);
    expect(first.status).toBe('broadcast');
    expect(node.sent.map((tx) => tx.txID)).toEqual([first.tx_hash]);

    // Dropped from the pool while still valid: the same bytes go out again.
    node.advance(20);
    await sender.tick();
    expect(node.sent.map((tx) => tx.txID)).toEqual([first.tx_hash, first.tx_hash]);
    expect(await attempts(id)).toEqual([]);

    // Past its expiration and in no block: it can never land. Signed again, once.
    node.advance(TRON_TX_LIFETIME_MS / 3_000 + 1);
    await sender.tick();
    const second = await row(id);
    expect(second.status).toBe('broadcast');
    expect(second.tx_hash).not.toBe(first.tx_hash);
    expect(await attempts(id)).toEqual([{ tx_hash: first.tx_hash, reason: 'expired' }]);
    const resigned = decodeTrc20Transfer(
      (JSON.parse(second.raw_tx!) as SignedTronTransaction).raw_data_hex,
    );
    const original = decodeTrc20Transfer(
      (JSON.parse(first.raw_tx!) as SignedTronTransaction).raw_data_hex,
    );
    expect(resigned.refBlockBytes).not.toBe(original.refBlockBytes);
    expect(resigned.expiration).toBeGreaterThan(node.now());
    expect({ to: resigned.to, amount: resigned.amount }).toEqual({
      to: original.to,
      amount: original.amount,
    });
    // The expired bytes are never sent after their expiration.
    expect(node.sent.map((tx) => tx.txID)).toEqual([first.tx_hash, first.tx_hash, second.tx_hash]);
    expect(log.lines).toContain(
      'withdrawal transfer expired unmined; signed again on a new reference block',
    );

    // The new transfer lands and is confirmed; the investor paid one withdrawal.
    node.mine(second.tx_hash!);
    node.advance(30);
    await sender.tick();
    expect((await row(id)).status).toBe('confirmed');
    const audit = await auditService(auditRepository(t.db)).run();
    expect(audit.ok, JSON.stringify(audit)).toBe(true);
  });

  it('signs again a transfer recorded before a crash and found expired at restart', async () => {
    const id = await approvedWithdrawal();
    const node = tronNode();
    // Signed and recorded, then the process died before broadcasting.
    const crashing = senderOn(node, async () => {
      throw new Error('crash after recording');
    });
    await expect(crashing.tick()).rejects.toThrow('crash after recording');
    const recorded = await row(id);
    expect(recorded).toMatchObject({ status: 'approved' });
    expect(node.sent).toEqual([]);

    // Restarted after its expiration: the old bytes are never sent, new ones are.
    node.advance(TRON_TX_LIFETIME_MS / 3_000 + 5);
    await senderOn(node).tick();
    const after = await row(id);
    expect(after.tx_hash).not.toBe(recorded.tx_hash);
    expect(after.status).toBe('broadcast');
    expect(node.sent.map((tx) => tx.txID)).toEqual([after.tx_hash]);
    expect(await attempts(id)).toEqual([{ tx_hash: recorded.tx_hash, reason: 'expired' }]);
  });

  it('leaves bytes the node calls expired until its head passes their expiration', async () => {
    const id = await approvedWithdrawal();
    const node = tronNode();
    await senderOn(node).tick();
    const first = await row(id);
    // Another node answers too late for these bytes although our node's head is earlier.
    const refusing = tronNode();
    refusing.client.trx.sendRawTransaction = async (tx) => ({ ...EXPIRED, txid: tx.txID }) as never;
    refusing.client.trx.getUnconfirmedTransactionInfo = async () => ({});
    await senderOn(refusing).tick();
    expect(await row(id)).toMatchObject({ status: 'broadcast', tx_hash: first.tx_hash });
    expect(await attempts(id)).toEqual([]);
  });

  it('never signs again a transfer the chain holds, however old', async () => {
    const id = await approvedWithdrawal();
    const node = tronNode();
    const sender = senderOn(node);
    await sender.tick();
    const first = await row(id);
    node.mine(first.tx_hash!);
    node.advance(TRON_TX_LIFETIME_MS / 3_000 + 5);
    await sender.tick();
    expect(await row(id)).toMatchObject({ status: 'confirmed', tx_hash: first.tx_hash });
    expect(await attempts(id)).toEqual([]);
  });

  it('two senders at once sign an expired withdrawal again only once', async () => {
    const id = await approvedWithdrawal();
    const node = tronNode();
    await senderOn(node).tick();
    const first = await row(id);
    node.advance(TRON_TX_LIFETIME_MS / 3_000 + 5);
    await Promise.all([senderOn(node).tick(), senderOn(node).tick()]);
    expect(await attempts(id)).toEqual([{ tx_hash: first.tx_hash, reason: 'expired' }]);
    const after = await row(id);
    const fresh = node.sent.map((tx) => tx.txID).filter((h) => h !== first.tx_hash);
    expect(new Set(fresh)).toEqual(new Set([after.tx_hash]));
  });
});
