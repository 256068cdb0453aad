// Proof of reserves (issue 16): one row per snapshot (liabilities cut from the ledger,
// reserves read on chain, the tree's root, the anchoring transaction) and, per snapshot and
// user, the private half of the proof: the user's nonce, leaf positions and leaf amounts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reserve_snapshots (
      id bigserial primary key,
      taken_at timestamptz not null,
      pg_snapshot text not null,
      liabilities bigint not null check (liabilities >= 0),
      reserves bigint check (reserves >= 0),
      networks jsonb not null default '{}'::jsonb,
      root text not null check (root ~ '^[0-9a-f]{64}$'),
      leaf_count integer not null check (leaf_count >= 0),
      user_count integer not null check (user_count >= 0),
      file text not null,
      anchor_network text,
      anchor_tx text,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index reserve_snapshots_taken_idx on reserve_snapshots (taken_at desc)`.execute(
    db,
  );
  await sql`
    create table reserve_user_leaves (
      snapshot_id bigint not null references reserve_snapshots (id),
      user_id bigint not null,
      nonce text not null check (nonce ~ '^[0-9a-f]{64}$'),
      leaf_indexes integer[] not null,
      amounts bigint[] not null,
      primary key (snapshot_id, user_id)
    )
  `.execute(db);
}
