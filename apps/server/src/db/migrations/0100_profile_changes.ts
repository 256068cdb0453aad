// userinfo's profile cache (docs/decisions/121-profile-cache.md): a change to what the
// investor sees of their user row, or to their saved withdrawal addresses, is announced on
// `user_changed` with the user's id when it commits, whoever makes it (the API, a worker,
// the console, the CLI, SQL by hand). Rows that change nothing shown (a wrong fund
// password's count, a freeze) announce nothing, so withdrawals' transactions stay quiet.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function olive_profile_changed() returns trigger
    language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        perform pg_notify('user_changed', new.id::text);
      elsif tg_op = 'DELETE' then
        perform pg_notify('user_changed', old.user_id::text);
      else
        perform pg_notify('user_changed', new.user_id::text);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_profile_changed
    after update on users
    for each row
    when (
      (old.account, old.account_kind, old.nickname, old.avatar, old.invite_code, old.telegram,
       old.lang, old.created_at)
      is distinct from
      (new.account, new.account_kind, new.nickname, new.avatar, new.invite_code, new.telegram,
       new.lang, new.created_at)
    )
    execute function olive_profile_changed()
  `.execute(db);
  await sql`
    create trigger withdrawal_addresses_profile_changed
    after insert or update or delete on withdrawal_addresses
    for each row
    execute function olive_profile_changed()
  `.execute(db);
}
