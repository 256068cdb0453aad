// Which sign-in a session row continues (issue 34): a rotation replaces a session's token
// with a new row, and the console's user page lists sign-ins, ends one sign-in with all its
// rotations, and says when the sign-in behind a session in use began. `sign_in_id` is the
// first row of the chain; null on that first row itself. Rows from before this migration
// have none, so an old rotation counts as a sign-in of its own until it expires.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column sign_in_id bigint references sessions (id) on delete set null`.execute(
    db,
  );
  await sql`create index sessions_sign_in_idx on sessions (sign_in_id) where sign_in_id is not null`.execute(
    db,
  );
}
