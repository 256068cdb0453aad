// One client thread of bench/ledger/transfers.ts: its share of the posting loops, each
// settling robot profit of a random user to their balance, optionally with a fee leg.
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import {
  InsufficientBalanceError,
  ledgerService,
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';

const { url, mode, seconds, clients, users, thread } = workerData as {
  url: string;
  mode: 'plain' | 'fee' | 'fee_unsharded';
  seconds: number;
  clients: number;
  users: string[];
  thread: number;
};

const db = createDb(url, clients);
const ledger = ledgerService(
  ledgerRepository(db),
  mode === 'fee_unsharded' ? { shards: { fee_revenue: 1 } } : {},
);

let sequence = 0;
function transfer() {
  const userId = users[Math.floor(Math.random() * users.length)]!;
  const amount = BigInt(1_000_000 + Math.floor(Math.random() * 99_000_000)); // 0.01-1 USDT
  const fee = mode === 'plain' ? 0n : amount / 5n;
  return ledger.post({
    kind: 'robot_settle',
    idempotencyKey: `bench:${mode}:${thread}:${(sequence += 1)}`,
    postings: [
      { account: userAccount(userId, 'robot_pnl', '1'), amount: -amount },
      { account: userAccount(userId, 'available'), amount: amount - fee },
      ...(fee > 0n ? [{ account: platformAccount('fee_revenue'), amount: fee }] : []),
    ],
  });
}

// Warm the account cache (a long-running server has it warm) and the connections.
await ledger.openAccounts([
  platformAccount('fee_revenue'),
  ...users.flatMap((id) => [userAccount(id, 'robot_pnl', '1'), userAccount(id, 'available')]),
]);
for (let i = 0; i < 200; i += 1) await transfer();
const latencies: number[] = [];
let transfers = 0;
let refused = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await transfer();
        transfers += 1;
        latencies.push(performance.now() - t0);
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        refused += 1;
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await db.destroy();
parentPort!.postMessage({ transfers, refused, elapsed, latencies });
