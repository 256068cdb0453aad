// Risk exits of a robot (issue 32, decision 148): take-profit and stop-loss by price and by
// total return, a trigger price the robot waits for (status 'waiting'), trailing up and
// down within limits, and why a robot ended. Every column is optional: a robot without
// exits runs as before. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table robots
      add column take_profit_price bigint check (take_profit_price > 0),
      add column stop_loss_price bigint check (stop_loss_price > 0),
      add column take_profit_pct numeric(7, 2) check (take_profit_pct > 0),
      add column stop_loss_pct numeric(5, 2) check (stop_loss_pct > 0 and stop_loss_pct < 100),
      add column trigger_price bigint check (trigger_price > 0),
      add column trigger_above boolean,
      add column trailing_up boolean not null default false,
      add column trailing_down boolean not null default false,
      add column trailing_limit_high bigint check (trailing_limit_high > 0),
      add column trailing_limit_low bigint check (trailing_limit_low > 0),
      add column end_reason text check (end_reason in (
        'stopped', 'take_profit_price', 'stop_loss_price', 'take_profit_pct', 'stop_loss_pct'
      ))
  `.execute(db);
  // 'waiting': started, its trigger price not yet reached; no grid, no position.
  await sql`alter table robots drop constraint robots_status_check`.execute(db);
  await sql`
    alter table robots add constraint robots_status_check
      check (status in ('not_started', 'waiting', 'running', 'ended'))
  `.execute(db);
  await sql`create index robots_waiting_idx on robots (id) where status = 'waiting'`.execute(db);
}
