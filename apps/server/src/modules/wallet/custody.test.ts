// Custody reconciliation: the ledger's custody per network against the USDT the hot wallet
// and the deposit addresses really hold on chain. Covered is fine (float, fees); short
// fails `npm run audit` with the figures and raises one worker alarm.
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devchainClients, sendTestUsdt, usdtBalanceUnits } from '@olive/devchain';
import { parseAmount } from '@olive/protocol';
import { parseAbi, type WalletClient } from 'viem';
import { anvil } from 'viem/chains';
import { register } from '../../../test/accounts.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { runCli } from '../../../test/cli.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { walletAlarms } from './alarms.ts';
import { custodyWatch, reconcileCustody } from './custody.ts';
import { devchainEnvironment } from './devchain.ts';

let c: ChainTest;
beforeAll(async () => {
  c = await startChainTest(1);
});
afterAll(() => c.close());

describe('custody on chain', () => {
  it('is covered after a real deposit, and short once the hot wallet is drained', async () => {
    const env = devchainEnvironment(c.chain);
    const user = await register(c.t);
    const deposit = await c.t.call<{ address: string }>(
      '/api/user/invest',
      { network: 'bep20' },
      user.headers,
    );
    await sendTestUsdt({
      deployment: c.chain,
      network: 'bep20',
      to: deposit.data!.address,
      amount: '100',
      wait: true,
    });
    await c.chain.mine(1);
    await c.watcher('bep20').tick();

    const covered = await reconcileCustody(c.t.db, env);
    expect(covered.ok).toBe(true);
    const bep20 = covered.networks.find((n) => n.network === 'bep20')!;
    expect(bep20).toMatchObject({
      ledger: parseAmount('100'),
      depositAddresses: parseAmount('100'),
      hotWallet: parseAmount('1000000'),
      addresses: 1,
    });
    expect(covered.detail).toContain('bep20: ledger custody 100');

    // Credit without money arriving on chain, and the hot wallet's USDT leaves outside Olive.
    await c.t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `unbacked:${user.userId}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -parseAmount('500') },
        { account: userAccount(user.userId, 'available'), amount: parseAmount('500') },
      ],
    });
    const { walletClient } = devchainClients(c.chain.rpcUrl, c.chain.hotWallet.privateKey);
    const wallet = walletClient as WalletClient;
    await wallet.writeContract({
      chain: anvil,
      account: wallet.account ?? null,
      address: c.chain.contracts.bep20.address,
      abi: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
      functionName: 'transfer',
      args: [
        '0x0000000000000000000000000000000000005a5a',
        await usdtBalanceUnits({
          deployment: c.chain,
          network: 'bep20',
          address: c.chain.hotWallet.address,
        }),
      ],
    });

    const short = await reconcileCustody(c.t.db, env);
    expect(short.ok).toBe(false);
    expect(short.detail).toMatch(
      /bep20: ledger custody 600(\.0+)? USDT, on chain 100(\.0+)? USDT \(hot wallet 0(\.0+)? USDT, 1 deposit addresses 100(\.0+)? USDT\): SHORT by 500(\.0+)? USDT/,
    );

    // `npm run audit` fails with the figures.
    const audit = await runCli(c.t.databaseUrl, ['ledger:audit'], {
      PG_DATA_DIR: join(dirname(c.chain.deploymentFile), '..', 'pg'),
    });
    expect(audit.exitCode, JSON.stringify(audit.json).slice(-600)).toBe(1);
    const checks = audit.json.checks as { name: string; ok: boolean; detail: string }[];
    const custody = checks.find((k) => k.name === 'custody_on_chain')!;
    expect(custody.ok).toBe(false);
    expect(custody.detail).toMatch(/bep20: .*SHORT by 500(\.0+)? USDT/);

    // The worker's check raises one alarm and says so once.
    const errors: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: object, m: string) => errors.push(m) };
    const watch = custodyWatch(c.t.db, env, log);
    await watch.tick();
    await watch.tick();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/custody mismatch: bep20: .*SHORT by 500/);
    const active = await walletAlarms(c.t.db).list();
    expect(active).toMatchObject([{ network: 'bep20', kind: 'custody' }]);
  }, 90_000);
});
