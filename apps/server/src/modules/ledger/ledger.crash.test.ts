// Crash safety: a process posting in a loop (crash-poster.ts) is killed with SIGKILL at a
// random moment, 20 times. After each kill the audit holds, every entry the process saw
// committed is there with all its postings, and no entry is half-applied.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../../../test/users.ts';
import { entryArgs } from '../../../test/server-entry.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { ledgerService, platformAccount, userAccount } from './ledger.service.ts';

const KILLS = 20;
const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let database: TestDatabase;
let users: string[];
beforeAll(async () => {
  database = await createTestDatabase();
  const ledger = ledgerService(ledgerRepository(database.db));
  users = [];
  for (let i = 0; i < 3; i += 1) {
    const { id } = await insertUser(database.db);
    users.push(id);
    await ledger.post({
      kind: 'deposit',
      idempotencyKey: `crash:seed:${id}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -1_000_000_000_000n },
        { account: userAccount(id, 'available'), amount: 1_000_000_000_000n },
      ],
    });
  }
});
afterAll(() => database.drop());

/** Starts the poster, lets it post for a random while, kills it; what it reported. */
function postThenKill(): Promise<{ acked: Map<string, string>; begun: Set<string> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entryArgs('modules/ledger/crash-poster'), ...users], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked = new Map<string, string>();
    const begun = new Set<string>();
    let buffer = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const [word, key, id] = line.split(' ');
        if (word === 'ready' && !timer) {
          // Posting starts at once; kill somewhere in the first 50-450 ms of it.
          timer = setTimeout(() => child.kill('SIGKILL'), 50 + Math.random() * 400);
        } else if (word === 'begin') begun.add(key!);
        else if (word === 'ok') acked.set(key!, id!);
        else if (word === 'refused') begun.delete(key!);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`poster ended by itself (${code}): ${stderr}`));
      else resolve({ acked, begun });
    });
  });
}

describe('crash safety', () => {
  it(`keeps the ledger whole across ${KILLS} SIGKILLs of a posting process`, async () => {
    const audit = auditService(auditRepository(database.db));
    let acknowledged = 0;
    let inFlightAtKill = 0;
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const { acked, begun } = await postThenKill();
      acknowledged += acked.size;
      const inFlight = [...begun].filter((key) => !acked.has(key));
      inFlightAtKill += inFlight.length;

      const report = await audit.run();
      expect(
        report.checks.filter((c) => !c.ok),
        `after kill ${kill}`,
      ).toEqual([]);

      // Every entry reported committed is there; every entry of this run, committed or
      // caught in flight, has all of its postings or does not exist at all.
      const keys = [...begun];
      if (keys.length === 0) continue;
      const entries = await database.db
        .selectFrom('journal_entries as e')
        .leftJoin('postings as p', 'p.entry_id', 'e.id')
        .select(['e.id', 'e.idempotency_key', 'e.kind'])
        .select((eb) => eb.fn.count<string>('p.id').as('legs'))
        .where('e.idempotency_key', 'in', keys)
        .groupBy(['e.id', 'e.idempotency_key', 'e.kind'])
        .execute();
      const byKey = new Map(entries.map((e) => [e.idempotency_key, e]));
      for (const [key, id] of acked) expect(byKey.get(key)?.id, key).toBe(id);
      for (const e of entries) {
        expect(Number(e.legs), e.idempotency_key).toBe(e.kind === 'withdrawal_sent' ? 3 : 2);
      }
    }
    // The kills really landed while entries were being posted.
    expect(acknowledged).toBeGreaterThan(KILLS);
    expect(inFlightAtKill).toBeGreaterThan(0);
  }, 90_000);
});
