// The deposit watcher against a real local chain with real token transfers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devchainClients, sendTestUsdt } from '@olive/devchain';
import { parseAbi, type Hex } from 'viem';
import { register } from '../../../test/accounts.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { viemChainReader, type ChainReader } from './chain-reader.ts';
import type { Network } from './networks.ts';

let c: ChainTest;
beforeAll(async () => {
  c = await startChainTest(3);
});
afterAll(() => c.close());

async function investor() {
  const user = await register(c.t);
  const address = async (network: Network) =>
    (await c.t.call<{ address: string }>('/api/user/invest', { network }, user.headers)).data!
      .address;
  const balance = async () =>
    (await c.t.call<{ balance: string }>('/api/user/userinfo', {}, user.headers)).data!.balance;
  const deposits = async (network: Network) =>
    (
      await c.t.call<{ deposits: { amount: string; status: string; confirmations: number }[] }>(
        '/api/user/invest',
        { network },
        user.headers,
      )
    ).data!.deposits;
  return { user, address, balance, deposits };
}

const send = (network: Network, to: string, amount: string, fake = false) =>
  sendTestUsdt({ deployment: c.chain, network, to, amount, wait: true, fake });

async function depositEntries(userId: string) {
  const rows = await c.t.db
    .selectFrom('journal_entries')
    .innerJoin('postings', 'postings.entry_id', 'journal_entries.id')
    .innerJoin('accounts', 'accounts.id', 'postings.account_id')
    .select('journal_entries.id')
    .where('journal_entries.kind', '=', 'deposit')
    .where('accounts.user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('deposit watcher', () => {
  it('credits a deposit exactly once, when it reaches the confirmations', async () => {
    const me = await investor();
    const watcher = c.watcher('erc20');
    await send('erc20', await me.address('erc20'), '50');
    await watcher.tick();
    expect(await me.deposits('erc20')).toMatchObject([
      { amount: '50', status: 'pending', confirmations: 1 },
    ]);
    expect(await me.balance()).toBe('0');
    await c.chain.mine(1);
    await watcher.tick();
    expect((await me.deposits('erc20'))[0]).toMatchObject({ status: 'pending', confirmations: 2 });
    await c.chain.mine(1);
    await watcher.tick();
    expect((await me.deposits('erc20'))[0]!.status).toBe('credited');
    expect(await me.balance()).toBe('50');
    for (let i = 0; i < 3; i++) {
      await c.chain.mine(2);
      await watcher.tick();
    }
    expect(await me.balance()).toBe('50');
    expect(await depositEntries(me.user.userId)).toBe(1);
  });

  it('ignores another contract with the same symbol and zero-value transfers', async () => {
    const me = await investor();
    const address = await me.address('erc20');
    await send('erc20', address, '75', true);
    // A zero-value transfer of the real contract (the faucet helper refuses zero).
    const { walletClient, publicClient } = devchainClients(
      c.chain.rpcUrl,
      c.chain.faucet.privateKey,
    );
    const hash = await walletClient!.writeContract({
      address: c.chain.contracts.erc20.address as Hex,
      abi: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
      functionName: 'transfer',
      args: [address as Hex, 0n],
      account: walletClient!.account!,
      chain: walletClient!.chain,
    });
    await publicClient.waitForTransactionReceipt({ hash });
    await c.chain.mine(5);
    await c.watcher('erc20').tick();
    expect(await me.deposits('erc20')).toEqual([]);
    expect(await me.balance()).toBe('0');
  });

  it('records a deposit below the minimum and shows it, but never credits it', async () => {
    const me = await investor();
    await c.t.db
      .updateTable('network_settings')
      .set({ min_deposit: 10_00000000n })
      .where('network', '=', 'trc20')
      .execute();
    const address = await me.address('trc20');
    expect(address).toMatch(/^T/);
    await send('trc20', address, '9.99');
    await c.chain.mine(5);
    const watcher = c.watcher('trc20');
    await watcher.tick();
    await watcher.tick();
    expect(await me.deposits('trc20')).toMatchObject([{ amount: '9.99', status: 'below_minimum' }]);
    expect(await me.balance()).toBe('0');
  });

  it('converts 18-decimal BEP20 amounts exactly and keeps the dust apart', async () => {
    const me = await investor();
    await send('bep20', await me.address('bep20'), '12.345678901234567891');
    await c.chain.mine(3);
    await c.watcher('bep20').tick();
    expect(await me.balance()).toBe('12.3456789');
    const row = await c.t.db
      .selectFrom('deposits')
      .select(['token_amount', 'amount', 'dust'])
      .where('user_id', '=', me.user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      token_amount: '12345678901234567891',
      amount: '1234567890',
      dust: '1234567891',
    });
  });

  it('neither doubles nor misses a credit when killed mid-scan and restarted', async () => {
    const me = await investor();
    const address = await me.address('bep20');
    for (const amount of ['1', '2', '3', '4', '5']) await send('bep20', address, amount);
    // A reader that dies after a few calls, as a killed process would stop mid-scan.
    const real = viemChainReader(c.chain.rpcUrl);
    let calls = 0;
    const dying: ChainReader = {
      headNumber: () => real.headNumber(),
      blockHash: async (n) => {
        if (++calls > 3) throw new Error('killed');
        return real.blockHash(n);
      },
      transferLogs: (...args) => real.transferLogs(...args),
    };
    await expect(c.watcher('bep20', dying).tick()).rejects.toThrow('killed');
    await c.chain.mine(3);
    const restarted = c.watcher('bep20');
    await restarted.tick();
    await restarted.tick();
    expect(await me.balance()).toBe('15');
    expect(await depositEntries(me.user.userId)).toBe(5);
  });

  it('never credits a deposit orphaned by a reorganisation, and credits its replacement', async () => {
    const me = await investor();
    const address = await me.address('erc20');
    const watcher = c.watcher('erc20');
    await watcher.tick();
    const snapshot = await c.chain.snapshot();
    await send('erc20', address, '30');
    await watcher.tick();
    expect((await me.deposits('erc20'))[0]).toMatchObject({ amount: '30', status: 'pending' });
    await c.chain.revert(snapshot);
    // The replacement chain: a different transfer, then enough blocks to pass the old height.
    await send('erc20', address, '31');
    await c.chain.mine(4);
    await watcher.tick();
    await watcher.tick();
    const deposits = await me.deposits('erc20');
    expect(deposits.find((d) => d.amount === '30')?.status).toBe('orphaned');
    expect(deposits.find((d) => d.amount === '31')?.status).toBe('credited');
    expect(await me.balance()).toBe('31');
  });

  it('catches up after the RPC was down for a while', async () => {
    const me = await investor();
    const real = viemChainReader(c.chain.rpcUrl);
    let down = true;
    const flaky: ChainReader = {
      headNumber: () => (down ? Promise.reject(new Error('ECONNREFUSED')) : real.headNumber()),
      blockHash: (n) => (down ? Promise.reject(new Error('ECONNREFUSED')) : real.blockHash(n)),
      transferLogs: (...a) =>
        down ? Promise.reject(new Error('ECONNREFUSED')) : real.transferLogs(...a),
    };
    const watcher = c.watcher('erc20', flaky);
    await send('erc20', await me.address('erc20'), '40');
    await c.chain.mine(10);
    await expect(watcher.tick()).rejects.toThrow('ECONNREFUSED');
    await expect(watcher.tick()).rejects.toThrow('ECONNREFUSED');
    down = false;
    await watcher.tick();
    expect(await me.balance()).toBe('40');
  });

  it('finds a transfer whose logs the node served late, in its newest block', async () => {
    // A loaded anvil reports its newest block before that block's logs can be read: the
    // first read of the tip shows nothing. The watcher reads the tip again once a block is
    // on top of it, so the transfer is found, once.
    const me = await investor();
    const real = viemChainReader(c.chain.rpcUrl);
    let lagging = true;
    const late: ChainReader = {
      ...real,
      transferLogs: async (contract, from, to) => {
        const head = await real.headNumber();
        const logs = await real.transferLogs(contract, from, to);
        return lagging ? logs.filter((l) => l.blockNumber < head) : logs;
      },
    };
    const watcher = c.watcher('erc20', late);
    await watcher.tick();
    await send('erc20', await me.address('erc20'), '45');
    await watcher.tick();
    expect(await me.deposits('erc20')).toEqual([]);
    lagging = false;
    await c.chain.mine(3);
    await watcher.tick();
    expect(await me.balance()).toBe('45');
    await c.chain.mine(3);
    await watcher.tick();
    expect(await depositEntries(me.user.userId)).toBe(1);
  });

  it('leaves the ledger audit clean', async () => {
    const report = await c.audit();
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
