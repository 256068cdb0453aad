// Scheduled clean-up of short-lived security records: ended sessions, spent captchas and
// old verification codes. Idempotent: deleting what is already gone changes nothing.
import { sql } from 'kysely';
import type { Task } from 'graphile-worker';
import type { Db } from '../../db/database.ts';

export function housekeepingTask(db: Db): Task {
  return async () => {
    await db
      .deleteFrom('sessions')
      .where(sql<boolean>`expires_at < now() - interval '30 days'`)
      .execute();
    await db
      .deleteFrom('captchas')
      .where(sql<boolean>`expires_at < now() - interval '1 day'`)
      .execute();
    await db
      .deleteFrom('verification_codes')
      .where(sql<boolean>`created_at < now() - interval '7 days'`)
      .execute();
  };
}
