// Home's unread-notice badge is worked out in memory (issue 33): the published notices'
// times, kept a few seconds for everybody, and each investor's "seen up to", kept until a
// change is announced. Opening the notice list writes `notice_reads`; the write is
// announced on `user_changed` (the profile cache's channel, migration 0100) with the
// user's id when it commits, so every process shows the cleared badge on the next Home.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger notice_reads_changed
    after insert or update or delete on notice_reads
    for each row
    execute function olive_profile_changed()
  `.execute(db);
}
