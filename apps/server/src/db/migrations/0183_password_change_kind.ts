// Why the login password last changed (issue 34, decision 185): a reset by a code sent to the
// account ('reset') or a change from Me with the old password ('change'). Both pause
// withdrawals for 24 hours from `password_changed_at`; the Withdraw screen says which one.
// Null for a password never changed (or changed before this migration: said as a change).
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column password_change_kind text
        check (password_change_kind in ('reset', 'change'))
  `.execute(db);
}
