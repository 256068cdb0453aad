// Every API process keeps the sessions it resolved in memory (issue 33, decision 156); the
// database tells them when one must be read again. A session revoked, replaced by a
// rotation or deleted, and a user whose status changes (a freeze), are announced on
// `session_changed` with the user's id when the change commits, whoever makes it (the
// API, the console, the CLI, SQL by hand). The touch of `last_seen_at` announces nothing.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function olive_session_changed() returns trigger
    language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        perform pg_notify('session_changed', new.id::text);
      elsif tg_op = 'DELETE' then
        perform pg_notify('session_changed', old.user_id::text);
      else
        perform pg_notify('session_changed', new.user_id::text);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger sessions_changed
    after update on sessions
    for each row
    when (
      (old.revoked_at, old.replaced_at, old.expires_at, old.user_id, old.token_hash)
      is distinct from
      (new.revoked_at, new.replaced_at, new.expires_at, new.user_id, new.token_hash)
    )
    execute function olive_session_changed()
  `.execute(db);
  await sql`
    create trigger sessions_ended
    after delete on sessions
    for each row
    execute function olive_session_changed()
  `.execute(db);
  await sql`
    create trigger users_status_changed
    after update of status on users
    for each row
    when (old.status is distinct from new.status)
    execute function olive_session_changed()
  `.execute(db);
}
