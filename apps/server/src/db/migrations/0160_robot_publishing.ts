// Copy trading (issue 32, docs/decisions/150-copy-trading.md): a robot may be public with
// a profit share its copiers pay; a copy remembers whom it copies, at which share, and
// the high-water mark of profit the share was paid on. `start_price` is where the grid
// opened: a copy scales the leader's range by its ratios to that price. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table robots
      add column public boolean not null default false,
      add column profit_share_pct smallint not null default 10
        check (profit_share_pct in (0, 10, 20, 30)),
      add column start_price bigint check (start_price > 0),
      add column copied_from bigint references robots (id),
      add column copy_share_pct smallint not null default 0
        check (copy_share_pct in (0, 10, 20, 30)),
      add column share_high_water bigint not null default 0 check (share_high_water >= 0),
      add column shares_paid bigint not null default 0 check (shares_paid >= 0),
      add constraint robots_copy_not_itself check (copied_from is null or copied_from <> id)
  `.execute(db);
  // The leader's copiers, and the leaderboard's public robots.
  await sql`create index robots_copied_from_idx on robots (copied_from) where copied_from is not null`.execute(
    db,
  );
  await sql`create index robots_public_idx on robots (id) where public`.execute(db);
}
