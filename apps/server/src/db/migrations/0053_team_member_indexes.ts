// Team member lists at any team size (issue 13, docs/benchmarks.md): a level's members
// newest first straight from an index, and the member search by account or nickname
// through trigram indexes (pg_trgm, a trusted extension) instead of reading every member.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index team_links_ancestor_depth_joined_idx
      on team_links (ancestor_id, depth, joined_at desc, descendant_id desc)
  `.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index users_account_trgm_idx on users using gin (account gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index users_nickname_trgm_idx on users using gin (nickname gin_trgm_ops)`.execute(
    db,
  );
}
