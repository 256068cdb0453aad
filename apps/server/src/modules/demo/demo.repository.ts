// The one piece of SQL the demo seed needs: a session-level advisory lock, so that of
// several processes starting on one database exactly one seeds and the others wait.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function demoRepository(db: Db) {
  return {
    exclusively<T>(work: () => Promise<T>): Promise<T> {
      return db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(hashtext('olive:demo-seed'))`.execute(conn);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(hashtext('olive:demo-seed'))`.execute(conn);
        }
      });
    },
  };
}
