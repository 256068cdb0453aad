// One row per settlement (settle or stop) of a copied robot: the profit above the copier's
// high-water mark it was charged on and the share paid to the leader, with the ledger
// entry that paid it (none when nothing was due or the leader is a demo investor).
// Append-only, audited by `robot_profit_shares_match_ledger` (decision 150). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table robot_profit_shares (
      id bigserial primary key,
      copier_robot_id bigint not null references robots (id),
      leader_robot_id bigint not null references robots (id),
      copier_user_id bigint not null references users (id),
      -- null: a demo investor's robot, whose share goes to nobody
      leader_user_id bigint references users (id),
      -- the copier's settle or stop (robot_trades.seq): one share per settlement
      seq integer not null,
      -- the copier's realised profit after performance fees, at this settlement
      cumulative bigint not null,
      high_water_before bigint not null check (high_water_before >= 0),
      -- profit this settlement moved to the copier's balance
      paid bigint not null check (paid >= 0),
      -- profit above the high-water mark the share is charged on (at most paid)
      base bigint not null check (base >= 0 and base <= paid),
      share_pct smallint not null check (share_pct in (0, 10, 20, 30)),
      amount bigint not null check (amount >= 0 and amount <= base),
      entry_id bigint references journal_entries (id),
      created_at timestamptz not null,
      unique (copier_robot_id, seq),
      check ((amount > 0) = (entry_id is not null))
    )
  `.execute(db);
  await sql`create index robot_profit_shares_leader_idx on robot_profit_shares (leader_robot_id)`.execute(
    db,
  );
  await sql`
    create trigger robot_profit_shares_append_only before update or delete on robot_profit_shares
    for each row execute function ledger_refuse_change()
  `.execute(db);
}
