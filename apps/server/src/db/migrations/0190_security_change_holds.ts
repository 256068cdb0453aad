// Withdrawals pause for 24 hours after a change to how an account is secured, as they do
// after a password change (issue 34, decision 185): two-factor turned off, a phone or an
// e-mail bound to the account, or a withdrawal address reset by an operator. The database
// notes the last such change on the user row, whoever makes it (the API, the console or
// SQL), and the Withdraw screen says which one. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column security_changed_at timestamptz,
      add column security_change_kind text
        check (security_change_kind in ('two_factor_off', 'contact_bound', 'address_reset'))
  `.execute(db);
  await sql`
    create function olive_note_security_change() returns trigger language plpgsql as $$
    declare
      v_user bigint := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
    begin
      update users set security_changed_at = now(), security_change_kind = tg_argv[0]
       where id = v_user;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger two_factor_off_noted after delete on two_factor
    for each row when (old.enabled_at is not null)
    execute function olive_note_security_change('two_factor_off')
  `.execute(db);
  await sql`
    create trigger account_alias_noted after insert on account_aliases
    for each row execute function olive_note_security_change('contact_bound')
  `.execute(db);
  await sql`
    create trigger withdrawal_address_reset_noted after insert on withdrawal_address_resets
    for each row execute function olive_note_security_change('address_reset')
  `.execute(db);
}
