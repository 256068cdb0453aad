// SQL of proof of reserves. The liabilities cut is one REPEATABLE READ, read-only
// transaction: every statement in it sees the same committed state of the ledger, while
// writers go on (PostgreSQL's snapshot isolation never blocks them).
import { sql } from 'kysely';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { poolClient, type Db } from '../../db/database.ts';

export interface LiabilitiesCut {
  takenAt: Date;
  /** pg_current_snapshot() of the cut: which transactions it saw (for audits and tests). */
  pgSnapshot: string;
  users: { userId: string; amount: bigint }[];
  /** Demo investors (issue 11), left out of `users`: play money nobody is owed. */
  demo: { users: number; amount: bigint };
  /** What the ledger says is on chain for users, per custody subkey's network. */
  custody: Record<string, bigint>;
}

/** `reads`: where the console's history is read (a replica may serve it). */
export function reservesRepository(db: Db, reads: Db = db) {
  return {
    db,
    /**
     * What the platform owes each user: the sum of every account a user owns, whatever its
     * kind (available, frozen, robot principal and PnL, mining, and any kind added later).
     * User accounts can never be negative (the ledger's database constraint).
     */
    async cutLiabilities(): Promise<LiabilitiesCut> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          await sql`set transaction read only`.execute(trx);
          const head = await sql<{ snap: string; taken_at: Date }>`
            select pg_current_snapshot()::text as snap, clock_timestamp() as taken_at
          `.execute(trx);
          // Demo investors are not customers: their balances are left out, and counted apart
          // so every snapshot says how much it left out (decision 111d).
          const users = await sql<{ user_id: string; amount: string }>`
            select a.user_id::text as user_id, sum(a.balance)::text as amount
            from accounts a join users u on u.id = a.user_id and not u.demo
            group by a.user_id order by a.user_id
          `.execute(trx);
          const demo = await sql<{ users: number; amount: string }>`
            select count(distinct a.user_id)::int as users, coalesce(sum(a.balance), 0)::text as amount
            from accounts a join users u on u.id = a.user_id and u.demo
          `.execute(trx);
          const custody = await sql<{ network: string; amount: string }>`
            select split_part(subkey, ':', 1) as network, (-sum(balance))::text as amount
            from accounts where kind = 'custody' and user_id is null
            group by 1
          `.execute(trx);
          return {
            takenAt: head.rows[0]!.taken_at,
            pgSnapshot: head.rows[0]!.snap,
            users: users.rows.map((r) => ({ userId: r.user_id, amount: BigInt(r.amount) })),
            demo: { users: demo.rows[0]!.users, amount: BigInt(demo.rows[0]!.amount) },
            custody: Object.fromEntries(custody.rows.map((r) => [r.network, BigInt(r.amount)])),
          };
        });
    },
    /**
     * Runs `fn` while holding the deployment-wide snapshot lock (a session advisory lock on
     * a connection of its own): one snapshot at a time, whoever asks (cron, CLI, a starting
     * worker), so two never race for the anchoring account's nonce. Waits for the holder.
     */
    async exclusively<T>(fn: () => Promise<T>): Promise<T> {
      const client = await poolClient(db);
      try {
        await client.query(`select pg_advisory_lock(hashtext('olive:reserves:snapshot'))`);
        try {
          return await fn();
        } finally {
          await client.query(`select pg_advisory_unlock(hashtext('olive:reserves:snapshot'))`);
        }
      } finally {
        client.release();
      }
    },
    async hasSnapshot(): Promise<boolean> {
      const row = await db.selectFrom('reserve_snapshots').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },
    async nextId(): Promise<string> {
      const r = await sql<{ id: string }>`
        select nextval('reserve_snapshots_id_seq')::text as id
      `.execute(db);
      return r.rows[0]!.id;
    },
    async insertSnapshot(
      row: {
        id: string;
        taken_at: Date;
        pg_snapshot: string;
        liabilities: bigint;
        networks: unknown;
        root: string;
        leaf_count: number;
        user_count: number;
        file: string;
        demo: { users: number; amount: bigint };
      },
      owners: { userId: string; nonce: string; indexes: number[]; amounts: bigint[] }[],
    ) {
      // One transaction on one client: the snapshot's row, then every user's private half
      // of the proof through COPY (a million rows: a few seconds, against some twenty for
      // batched INSERTs).
      const client = await poolClient(db);
      try {
        await client.query('begin');
        await client.query(
          `insert into reserve_snapshots
             (id, taken_at, pg_snapshot, liabilities, reserves, networks, root, leaf_count, user_count, file)
           values ($1, $2, $3, $4, null, $5, $6, $7, $8, $9)`,
          [
            row.id,
            row.taken_at,
            row.pg_snapshot,
            row.liabilities.toString(),
            JSON.stringify(row.networks),
            row.root,
            row.leaf_count,
            row.user_count,
            row.file,
          ],
        );
        await client.query(
          'insert into reserve_demo_exclusions (snapshot_id, demo_users, amount) values ($1, $2, $3)',
          [row.id, row.demo.users, row.demo.amount.toString()],
        );
        const copy = client.query(
          copyFrom(
            'copy reserve_user_leaves (snapshot_id, user_id, nonce, leaf_indexes, amounts) from stdin',
          ),
        );
        const done = finished(copy);
        let chunk = '';
        for (const o of owners) {
          // Text format; every field is digits, hex or an array of digits: nothing to escape.
          chunk += `${row.id}\t${o.userId}\t${o.nonce}\t{${o.indexes.join(',')}}\t{${o.amounts.join(',')}}\n`;
          if (chunk.length > 1 << 16) {
            if (!copy.write(chunk)) await Promise.race([once(copy, 'drain'), done]);
            chunk = '';
          }
        }
        copy.end(chunk);
        await done;
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async setReserves(id: string, reserves: bigint | null, networks: unknown) {
      await db
        .updateTable('reserve_snapshots')
        .set({
          reserves: reserves === null ? null : reserves.toString(),
          networks: JSON.stringify(networks),
        })
        .where('id', '=', id)
        .execute();
    },
    async setAnchor(id: string, network: string, tx: string) {
      await db
        .updateTable('reserve_snapshots')
        .set({ anchor_network: network, anchor_tx: tx })
        .where('id', '=', id)
        .execute();
    },
    latest(limit: number) {
      return db
        .selectFrom('reserve_snapshots')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    /** The console's snapshots, newest first, with what each left out for demo investors. */
    async history(limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        reads
          .selectFrom('reserve_snapshots as s')
          .leftJoin('reserve_demo_exclusions as d', 'd.snapshot_id', 's.id')
          .selectAll('s')
          .select(['d.demo_users', 'd.amount as demo_amount'])
          .orderBy('s.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        reads
          .selectFrom('reserve_snapshots')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    snapshot(id: string) {
      return db.selectFrom('reserve_snapshots').selectAll().where('id', '=', id).executeTakeFirst();
    },
    userLeaves(id: string, userId: string) {
      return db
        .selectFrom('reserve_user_leaves')
        .selectAll()
        .where('snapshot_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** Every custody address of a network: the deposit addresses handed to users. */
    async depositAddresses(network: string): Promise<string[]> {
      const rows = await db
        .selectFrom('deposit_addresses')
        .select('address_hex')
        .where('network', '=', network)
        .execute();
      return rows.map((r) => r.address_hex.toLowerCase());
    },
  };
}

export type ReservesRepository = ReturnType<typeof reservesRepository>;
