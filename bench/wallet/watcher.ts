// Deposit watcher figures (issue 5): catch-up scan speed in blocks per second with 10,000
// deposit addresses, and the delay from the confirming block to the credited balance.
// Real PostgreSQL (embedded, temporary) and a real devchain with real token transfers.
// Run: npx tsx bench/wallet/watcher.ts [blocks=5000] [transfers=300]
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendTestUsdt, startDevchain } from '@olive/devchain';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { ledgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { viemChainReader } from '../../apps/server/src/modules/wallet/chain-reader.ts';
import { applyContracts } from '../../apps/server/src/modules/wallet/chain-environment.ts';
import { depositRepository } from '../../apps/server/src/modules/wallet/deposit.repository.ts';
import { depositWatcher } from '../../apps/server/src/modules/wallet/deposit.watcher.ts';
import { devchainEnvironment } from '../../apps/server/src/modules/wallet/devchain.ts';

const BLOCKS = Number(process.argv[2] ?? 5000);
const TRANSFERS = Number(process.argv[3] ?? 300);
const ADDRESSES = 10_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const dir = await mkdtemp(join(tmpdir(), 'olive-bench-watcher-'));
await chmod(dir, 0o755);
const config = loadConfig({
  PG_DATA_DIR: join(dir, 'pg'),
  PG_PORT: String(19000 + Math.floor(Math.random() * 500)),
  LOG_LEVEL: 'silent',
});
const database = await openDatabase(config, { seed });
const db = database.db;
const chain = await startDevchain({ port: 0, dataDir: join(dir, 'devchain') });
const env = devchainEnvironment(chain);
const deposits = depositRepository(db);
await applyContracts(deposits, env);
const ledger = ledgerService(ledgerRepository(db));

// 10,000 investors, each with a BEP20 deposit address.
const users = await db
  .insertInto('users')
  .values(
    Array.from({ length: ADDRESSES }, (_, i) => ({
      account: `bench${i}@example.com`,
      account_kind: 'email' as const,
      password_hash: 'x',
      fund_password_hash: 'x',
      nickname: `b${i}`,
      invite_code: `W${String(i).padStart(7, '0')}`,
      lang: 'en',
    })),
  )
  .returning('id')
  .execute();
const addresses = users.map((u) => ({ userId: u.id, hex: `0x${randomBytes(20).toString('hex')}` }));
for (let i = 0; i < addresses.length; i += 1000) {
  await db
    .insertInto('deposit_addresses')
    .values(
      addresses.slice(i, i + 1000).map((a) => ({
        user_id: a.userId,
        network: 'bep20',
        address: a.hex,
        address_hex: a.hex,
        derivation_index: BigInt(a.userId),
      })),
    )
    .execute();
}

// History: transfers to random deposit addresses spread over BLOCKS blocks.
const every = Math.max(1, Math.floor(BLOCKS / TRANSFERS));
let made = 0;
for (let b = 0; made < TRANSFERS; b += every) {
  const to = addresses[Math.floor(Math.random() * addresses.length)]!.hex;
  await sendTestUsdt({ deployment: chain, network: 'bep20', to, amount: '25.5' });
  made += 1;
  if (every > 1) await chain.mine(every - 1);
}
const reader = viemChainReader(chain.rpcUrl);
const head = await reader.headNumber();
await db
  .updateTable('network_settings')
  .set({ confirmations: 1 })
  .where('network', '=', 'bep20')
  .execute();

const watcher = depositWatcher(
  { repo: deposits, ledger, reader, log: quiet },
  { network: 'bep20', startBlock: 0n, tickBudgetMs: 60_000 },
);
const started = performance.now();
await watcher.tick();
const seconds = (performance.now() - started) / 1000;
const credited = await db
  .selectFrom('deposits')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .where('status', '=', 'credited')
  .executeTakeFirstOrThrow();

// Delay: from the block that gives a deposit its confirmations to the credited balance,
// with the watcher looping every 300 ms as in the worker.
await db
  .updateTable('network_settings')
  .set({ confirmations: 3 })
  .where('network', '=', 'bep20')
  .execute();
let running = true;
const loop = (async () => {
  while (running) {
    await watcher.tick().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
  }
})();
const delays: number[] = [];
for (let i = 0; i < 10; i++) {
  const target = addresses[i]!;
  const before = (await ledger.userBalances(target.userId)).available;
  await sendTestUsdt({
    deployment: chain,
    network: 'bep20',
    to: target.hex,
    amount: '10',
    wait: true,
  });
  await chain.mine(1);
  await new Promise((r) => setTimeout(r, 700)); // the watcher sees it pending
  const confirmingBlockAt = performance.now();
  await chain.mine(1);
  while ((await ledger.userBalances(target.userId)).available === before) {
    await new Promise((r) => setTimeout(r, 10));
  }
  delays.push(performance.now() - confirmingBlockAt);
}
running = false;
await loop;

delays.sort((a, b) => a - b);
const summary = {
  measured_at: new Date().toISOString(),
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? ''}`,
  deposit_addresses: ADDRESSES,
  blocks_scanned: Number(head) + 1,
  transfers_in_history: TRANSFERS,
  deposits_credited_in_catch_up: Number(credited.n),
  catch_up_seconds: Number(seconds.toFixed(2)),
  blocks_per_second: Math.round((Number(head) + 1) / seconds),
  confirm_to_credit_ms: {
    median: Math.round(delays[Math.floor(delays.length / 2)]!),
    max: Math.round(delays.at(-1)!),
    samples: delays.length,
  },
};
await writeFile('bench/results/watcher.json', `${JSON.stringify(summary, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
await chain.stop();
await database.close();
await rm(dir, { recursive: true, force: true });
