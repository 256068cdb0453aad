// Demo investors (issue 11): a flag on users that marks the seeded demo accounts, a
// database rule that no session is ever issued to one, and what a proof of reserves leaves
// out for them, per snapshot (docs/decisions/111d-demo-investors.md).
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column demo boolean not null default false`.execute(db);
  await sql`create index users_demo_idx on users (id) where demo`.execute(db);

  // Whatever path reaches sessions (password, reset, wallet, a future one), a demo
  // investor is never signed in: the database refuses the row.
  await sql`
    create function sessions_refuse_demo() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from users where id = new.user_id and demo) then
        raise exception 'demo investors cannot sign in' using errcode = 'check_violation';
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger sessions_refuse_demo before insert on sessions
    for each row execute function sessions_refuse_demo()
  `.execute(db);

  // What each proof-of-reserves snapshot left out for demo investors. A table of its own:
  // reserve_snapshots comes from a later-numbered migration (0080).
  await sql`
    create table reserve_demo_exclusions (
      snapshot_id bigint primary key,
      demo_users integer not null check (demo_users >= 0),
      amount bigint not null check (amount >= 0)
    )
  `.execute(db);
}
