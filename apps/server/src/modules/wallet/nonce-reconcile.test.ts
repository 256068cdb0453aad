// The sender reconciles the hot wallet's nonce with the chain before each new signature:
// a chain that does not hold what the database recorded (a node restored from an older
// snapshot), or a hot wallet used outside Olive, stalls new withdrawals with one clear
// alarm (a log line once, and `wallet:alarms`), never a silent loop or a repeated trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devchainClients } from '@olive/devchain';
import { parseAmount } from '@olive/protocol';
import { parseAbi, type WalletClient } from 'viem';
import { anvil } from 'viem/chains';
import { register } from '../../../test/accounts.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { runCli } from '../../../test/cli.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { withdrawalSender } from './withdrawal.sender.ts';

let c: ChainTest;
beforeAll(async () => {
  c = await startChainTest(1);
});
afterAll(() => c.close());

const lines: { level: string; msg: string }[] = [];
const log = {
  info: (_: object, msg: string) => lines.push({ level: 'info', msg }),
  warn: (_: object, msg: string) => lines.push({ level: 'warn', msg }),
  error: (_: object, msg: string) => lines.push({ level: 'error', msg }),
};

function sender() {
  const s = c.t.app.services;
  return withdrawalSender(
    {
      repo: s.withdrawalRepo,
      deposits: s.deposits,
      withdrawals: s.withdrawals,
      writer: c.writer('bep20'),
      log,
    },
    'bep20',
  );
}

async function investor() {
  const user = await register(c.t);
  await c.t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount('500') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('500') },
    ],
  });
  const call = <T>(path: string, body: Record<string, string>) =>
    c.t.call<T>(path, body, user.headers);
  expect(
    (
      await call('/api/user/setaddress', {
        network: 'bep20',
        address: '0x0000000000000000000000000000000000c0ffee',
        fund_password: '246810',
      })
    ).code,
  ).toBe(1);
  const withdraw = async (amount: string) => {
    const reply = await call<{ id?: string }>('/api/user/withdraw', {
      network: 'bep20',
      amount,
      fund_password: '246810',
    });
    expect(reply.code, reply.msg).toBe(1);
  };
  return { withdraw };
}

const latest = () =>
  c.t.db
    .selectFrom('withdrawals')
    .select(['status', 'tx_hash', 'nonce'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('nonce reconciliation', () => {
  it('stalls with one alarm when the chain lost transactions the database recorded', async () => {
    const u = await investor();
    const s = sender();
    const restorePoint = await c.chain.snapshot();
    await u.withdraw('30');
    await s.tick();
    await c.chain.mine(2);
    await s.tick();
    expect(await latest()).toMatchObject({ status: 'confirmed', nonce: '0' });

    // The node is restored from a snapshot taken before that payout.
    await c.chain.revert(restorePoint);
    await u.withdraw('20');
    for (let i = 0; i < 5; i++) await s.tick();
    expect(await latest()).toMatchObject({ status: 'approved', tx_hash: null });
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(
      /nonce mismatch on hot wallet 0x[0-9a-fA-F]{40} \(devchain\): the chain's next nonce is 0, the database's 1, and 1 nonce\(s\) in between belong to no withdrawal on its way/,
    );
    expect(errors[0]!.msg).toContain('npm run cli -- wallet:alarms');

    const shown = await runCli(c.t.databaseUrl, ['wallet:alarms']);
    expect(shown.exitCode).toBe(1);
    expect(shown.json).toMatchObject({
      active: 1,
      alarms: [{ network: 'bep20', kind: 'nonce', detail: errors[0]!.msg.split(' See:')[0] }],
    });

    // The node catches up (resynced: the lost payout is back on chain); sending resumes
    // on its own and the alarm is cleared.
    const first = await c.t.db
      .selectFrom('withdrawals')
      .select('raw_tx')
      .where('nonce', '=', '0')
      .executeTakeFirstOrThrow();
    await c.writer('bep20').broadcast(first.raw_tx!);
    await c.chain.mine(1);
    await s.tick();
    expect(await latest()).toMatchObject({ status: 'broadcast', nonce: '1' });
    expect(lines.some((l) => /nonce alarm cleared/.test(l.msg))).toBe(true);
    expect((await runCli(c.t.databaseUrl, ['wallet:alarms'])).exitCode).toBe(0);
    await c.chain.mine(2);
    await s.tick();
    expect(await latest()).toMatchObject({ status: 'confirmed' });
  }, 90_000);

  it('stalls when the hot wallet sent a transaction outside Olive', async () => {
    const u = await investor();
    const s = sender();
    lines.length = 0;
    const { walletClient } = devchainClients(c.chain.rpcUrl, c.chain.hotWallet.privateKey);
    const wallet = walletClient as WalletClient;
    await wallet.writeContract({
      chain: anvil,
      account: wallet.account ?? null,
      address: c.chain.contracts.bep20.address,
      abi: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
      functionName: 'transfer',
      args: ['0x0000000000000000000000000000000000001234', 1n],
    });
    await u.withdraw('25');
    for (let i = 0; i < 3; i++) await s.tick();
    expect(await latest()).toMatchObject({ status: 'approved', tx_hash: null });
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(
      /the chain's next nonce is 3, the database's 2; 1 transaction\(s\) were sent from the hot wallet outside Olive/,
    );

    // The operator checks that transaction, then lets the sender continue after it.
    const fixed = await runCli(c.t.databaseUrl, [
      'wallet:nonce-set',
      '--scope',
      'devchain',
      '--address',
      c.chain.hotWallet.address,
      '--next',
      '3',
    ]);
    expect(fixed.exitCode).toBe(0);
    await s.tick();
    expect(await latest()).toMatchObject({ status: 'broadcast', nonce: '3' });
  }, 90_000);
});
