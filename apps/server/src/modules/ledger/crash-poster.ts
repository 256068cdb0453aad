// The process the crash test kills: posts multi-leg entries in a loop on a few parallel
// connections and reports each key before posting and after its commit, on stdout.
// Usage: DATABASE_URL=... node --import tsx crash-poster.ts <user id> [<user id> ...]
import { createDb } from '../../db/database.ts';
import { ledgerRepository } from './ledger.repository.ts';
import {
  InsufficientBalanceError,
  ledgerService,
  platformAccount,
  userAccount,
  type EntryRequest,
} from './ledger.service.ts';

const users = process.argv.slice(2);
const db = createDb(process.env.DATABASE_URL ?? '', 4);
const ledger = ledgerService(ledgerRepository(db));
const run = `${process.pid}-${Date.now()}`;
let sequence = 0;

function randomEntry(): EntryRequest {
  const userId = users[Math.floor(Math.random() * users.length)]!;
  const amount = BigInt(1 + Math.floor(Math.random() * 5_000)) * 1_000_000n;
  const available = userAccount(userId, 'available');
  const frozen = userAccount(userId, 'frozen');
  const key = `crash:${run}:${(sequence += 1)}`;
  switch (sequence % 4) {
    case 0:
      return {
        kind: 'deposit',
        idempotencyKey: key,
        postings: [
          { account: platformAccount('custody', 'trc20'), amount: -amount },
          { account: available, amount },
        ],
      };
    case 1:
      return {
        kind: 'withdrawal_freeze',
        idempotencyKey: key,
        postings: [
          { account: available, amount: -amount },
          { account: frozen, amount },
        ],
      };
    case 2: {
      const fee = amount / 10n;
      return {
        kind: 'withdrawal_sent',
        idempotencyKey: key,
        postings: [
          { account: frozen, amount: -amount },
          { account: platformAccount('custody', 'trc20'), amount: amount - fee },
          { account: platformAccount('fee_revenue'), amount: fee },
        ],
      };
    }
    default:
      return {
        kind: 'withdrawal_release',
        idempotencyKey: key,
        postings: [
          { account: frozen, amount: -amount },
          { account: available, amount },
        ],
      };
  }
}

async function loop() {
  for (;;) {
    const entry = randomEntry();
    process.stdout.write(`begin ${entry.idempotencyKey}\n`);
    try {
      const posted = await ledger.post(entry);
      process.stdout.write(`ok ${entry.idempotencyKey} ${posted.id}\n`);
    } catch (error) {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      process.stdout.write(`refused ${entry.idempotencyKey}\n`);
    }
  }
}

process.stdout.write('ready\n');
Promise.all([loop(), loop(), loop(), loop()]).catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
