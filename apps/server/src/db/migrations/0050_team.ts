// Team and referral (issue 13): the upline tree as a closure table limited to the three
// levels the product uses, per-user team figures kept current by the team sync job, the
// commission rates and one row per commission posted (docs/decisions/113-team-tree.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The upline is set once at registration and never changes; nobody is their own upline.
  await sql`alter table users add constraint users_not_own_inviter check (inviter_id <> id)`.execute(
    db,
  );
  await sql`
    create function team_inviter_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'team: the upline of user % is set once and never changes', old.id
        using errcode = 'check_violation';
    end $$
  `.execute(db);
  await sql`
    create trigger users_inviter_fixed before update on users for each row
    when (old.inviter_id is distinct from new.inviter_id)
    execute function team_inviter_fixed()
  `.execute(db);

  // (ancestor, descendant, depth 1..3): "members under me to depth 3" reads ancestor's
  // rows, "my upline chain" reads descendant's rows; each user has at most three rows.
  await sql`
    create table team_links (
      ancestor_id bigint not null references users (id),
      descendant_id bigint not null references users (id),
      depth smallint not null check (depth between 1 and 3),
      joined_at timestamptz not null,
      primary key (ancestor_id, depth, descendant_id)
    )
  `.execute(db);
  await sql`create index team_links_descendant_idx on team_links (descendant_id, depth)`.execute(
    db,
  );
  await sql`create index team_links_ancestor_joined_idx on team_links (ancestor_id, joined_at desc, descendant_id)`.execute(
    db,
  );

  // Per user: the team's counts, performance (members' credited top-ups) and the earnings
  // (commissions) by level, and the user's own total top-up and withdrawal.
  await sql`
    create table team_stats (
      user_id bigint primary key references users (id),
      count1 integer not null default 0,
      count2 integer not null default 0,
      count3 integer not null default 0,
      perf1 bigint not null default 0,
      perf2 bigint not null default 0,
      perf3 bigint not null default 0,
      earn1 bigint not null default 0,
      earn2 bigint not null default 0,
      earn3 bigint not null default 0,
      total_topup bigint not null default 0,
      total_withdrawal bigint not null default 0,
      performance bigint generated always as (perf1 + perf2 + perf3) stored,
      updated_at timestamptz not null default now()
    ) with (fillfactor = 70)
  `.execute(db);
  await sql`create index team_stats_performance_idx on team_stats (performance desc, user_id)`.execute(
    db,
  );

  // The link rows and level counts of a new user, in the registration's transaction.
  await sql`
    create function team_on_user_insert() returns trigger language plpgsql as $$
    begin
      insert into team_stats (user_id) values (new.id) on conflict do nothing;
      if new.inviter_id is null then
        return new;
      end if;
      insert into team_links (ancestor_id, descendant_id, depth, joined_at)
      select new.inviter_id, new.id, 1, new.created_at
      union all
      select l.ancestor_id, new.id, l.depth + 1, new.created_at
        from team_links l where l.descendant_id = new.inviter_id and l.depth < 3;
      update team_stats s set
        count1 = count1 + (l.depth = 1)::int,
        count2 = count2 + (l.depth = 2)::int,
        count3 = count3 + (l.depth = 3)::int,
        updated_at = now()
      from team_links l where l.descendant_id = new.id and s.user_id = l.ancestor_id;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger users_team_links after insert on users for each row
    execute function team_on_user_insert()
  `.execute(db);

  // Existing users: links and counts built once, in id order (an inviter precedes).
  await sql`insert into team_stats (user_id) select id from users on conflict do nothing`.execute(
    db,
  );
  await sql`
    insert into team_links (ancestor_id, descendant_id, depth, joined_at)
    select u.inviter_id, u.id, 1, u.created_at from users u where u.inviter_id is not null
  `.execute(db);
  for (const depth of [2, 3]) {
    await sql`
      insert into team_links (ancestor_id, descendant_id, depth, joined_at)
      select p.inviter_id, l.descendant_id, ${depth}, l.joined_at
        from team_links l join users p on p.id = l.ancestor_id
       where l.depth = ${depth - 1} and p.inviter_id is not null
    `.execute(db);
  }
  await sql`
    update team_stats s set
      count1 = c.c1, count2 = c.c2, count3 = c.c3
    from (
      select ancestor_id,
             count(*) filter (where depth = 1) c1,
             count(*) filter (where depth = 2) c2,
             count(*) filter (where depth = 3) c3
        from team_links group by ancestor_id
    ) c where s.user_id = c.ancestor_id
  `.execute(db);

  // Commission rates per level in basis points (2000 = 20%), operator-editable.
  await sql`
    create table team_rates (
      level smallint primary key check (level between 1 and 3),
      rate_bp integer not null check (rate_bp between 0 and 10000),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`insert into team_rates (level, rate_bp) values (1, 2000), (2, 1000), (3, 0)`.execute(
    db,
  );

  // One row per (fee entry, level) credited: the member, the source and the ledger entry.
  await sql`
    create table team_commissions (
      fee_entry_id bigint not null references journal_entries (id),
      level smallint not null check (level between 1 and 3),
      upline_id bigint not null references users (id),
      member_id bigint not null references users (id),
      source text not null check (length(source) <= 40),
      fee bigint not null,
      amount bigint not null,
      entry_id bigint not null references journal_entries (id),
      created_at timestamptz not null default now(),
      primary key (fee_entry_id, level)
    )
  `.execute(db);
  await sql`create index team_commissions_upline_idx on team_commissions (upline_id, created_at desc)`.execute(
    db,
  );

  // The sync job's position: every transaction id below it has been read (see the decision).
  await sql`
    create table team_sync (
      id smallint primary key check (id = 1),
      done_below xid8 not null
    )
  `.execute(db);
  await sql`insert into team_sync (id, done_below) values (1, '0'::xid8)`.execute(db);
  // Entries already read whose transaction is not below the position yet.
  await sql`
    create table team_sync_read (
      entry_id bigint primary key,
      tx_id xid8 not null
    )
  `.execute(db);
  // Only the kinds the job reads are indexed by transaction id.
  await sql`
    create index journal_entries_team_tx_idx on journal_entries (tx_id)
    where kind in ('deposit', 'withdrawal_sent', 'withdrawal_fee', 'robot_settle',
                   'performance_fee', 'mining_rent')
  `.execute(db);
}
