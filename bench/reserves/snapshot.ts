// Proof of reserves at 1,000,000 users (issue 16): the whole snapshot (REPEATABLE READ cut
// of the ledger, split and shuffled leaves, Merkle-sum tree, published file, level file,
// private leaves into PostgreSQL), its peak memory, one user's proof (size) and the time to
// verify it with Web Crypto (Node's implementation of the browser API), and the verifier
// script on the whole file. Yardstick in the same run: SHA-256 of 1M 77-byte messages and
// a plain `sum(balance)` over the same accounts.
// Run: DATABASE_URL=postgres://... npx tsx bench/reserves/snapshot.ts [users=1000000]
import { createHash, hash as oneShot } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { reservesRepository } from '../../apps/server/src/modules/reserves/reserves.repository.ts';
import { reservesService } from '../../apps/server/src/modules/reserves/reserves.service.ts';
import { computeRoot } from '../../apps/web/src/features/reserves/verify.ts';

/** As merkle.ts hashes: Node's one-shot `crypto.hash` (20.12+), else createHash. */
const sha256 = (data: Buffer) =>
  typeof oneShot === 'function'
    ? oneShot('sha256', data, 'buffer')
    : createHash('sha256').update(data).digest();

const users = Number(process.argv[2] ?? 1_000_000);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_reserves_${process.pid}`;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(q).finally(() => c.end());
};
await admin(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 4);
await migrateToLatest(db as never);
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
try {
  let t = process.hrtime.bigint();
  await sql`
    insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code, lang)
    select 'u' || g || '@bench.test', 'email', 'x', 'x', 'u' || g, 'B' || g, 'en'
    from generate_series(1, ${users}) g
  `.execute(db);
  // Two kinds of user account each (available for all, robot principal for a third).
  // Every user's available account exists from registration on (migration 0090).
  await sql`
    update accounts set balance = (random() * 1e12)::bigint
    where kind = 'available' and user_id is not null
  `.execute(db);
  await sql`
    insert into accounts (user_id, kind, subkey, balance)
    select id, 'robot_principal', '1', (random() * 1e11)::bigint from users where id % 3 = 0
  `.execute(db);
  await sql`analyze accounts`.execute(db);
  const setupMs = ms(t);

  // Yardsticks.
  t = process.hrtime.bigint();
  const msg = Buffer.alloc(77, 7);
  // The fastest call of the kind the product makes (merkle.ts): the one-shot crypto.hash.
  for (let i = 0; i < 1_000_000; i++) sha256(msg);
  const sha1mMs = ms(t);
  t = process.hrtime.bigint();
  await sql`select sum(balance) from accounts where user_id is not null`.execute(db);
  const sumMs = ms(t);

  const dir = await mkdtemp(join(tmpdir(), 'olive-reserves-bench-'));
  const service = reservesService({ repo: reservesRepository(db), dir, chain: null });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const rssBefore = process.memoryUsage().rss;
  t = process.hrtime.bigint();
  const result = await service.takeSnapshot();
  const snapshotMs = ms(t);
  clearInterval(sampler);

  const one = await db
    .selectFrom('reserve_user_leaves')
    .select('user_id')
    .where('snapshot_id', '=', result.snapshot_id)
    .orderBy('user_id')
    .offset(Math.floor(users / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  t = process.hrtime.bigint();
  const proof = await service.proof(one.user_id, result.snapshot_id);
  const proofMs = ms(t);
  const proofBytes = Buffer.byteLength(JSON.stringify(proof));
  t = process.hrtime.bigint();
  // The app's own climb to the root, compared with the root the snapshot published.
  const ok = (await computeRoot(proof, proof.user_id, () => {}))?.hash === result.root;
  const verifyMs = ms(t);

  t = process.hrtime.bigint();
  const verifier = await promisify(execFile)(
    process.execPath,
    ['scripts/verify-reserves.mjs', '--file', result.file],
    { maxBuffer: 1 << 20 },
  );
  const verifierMs = ms(t);
  const fileBytes = (await stat(result.file)).size;
  const leaves = (
    await db
      .selectFrom('reserve_snapshots')
      .select('leaf_count')
      .where('id', '=', result.snapshot_id)
      .executeTakeFirstOrThrow()
  ).leaf_count;

  const figures = {
    users,
    leaves,
    setup_ms: Math.round(setupMs),
    snapshot_ms: Math.round(snapshotMs),
    snapshot_steps_ms: result.timings,
    peak_rss_mb: Math.round(peak / 2 ** 20),
    rss_growth_mb: Math.round((peak - rssBefore) / 2 ** 20),
    published_file_mb: +(fileBytes / 2 ** 20).toFixed(1),
    proof_leaves: proof.leaves.length,
    proof_depth: proof.paths[0]?.length,
    proof_bytes: proofBytes,
    proof_read_ms: +proofMs.toFixed(1),
    webcrypto_verify_ms: +verifyMs.toFixed(1),
    verified: ok,
    verifier_script_ms: Math.round(verifierMs),
    verifier_ok: JSON.parse(verifier.stdout).ok,
    yardstick_sha256_1m_ms: Math.round(sha1mMs),
    yardstick_sum_balance_ms: Math.round(sumMs),
    snapshot_over_sha256_1m: +(snapshotMs / sha1mMs).toFixed(1),
    snapshot_over_sum_balance: +(snapshotMs / sumMs).toFixed(1),
  };
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(
    new URL('../results/reserves.json', import.meta.url),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
} finally {
  await db.destroy();
  await admin(`drop database if exists "${name}" with (force)`);
}
