// A robot's levels are geometric (equal ratios, every robot so far) or arithmetic (equal
// differences): issue 32, decision 146. Stored beside the range it shapes, read at start
// to place the levels, and carried by a copy like the range. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table robots
      add column grid_type text not null default 'geometric'
        constraint robots_grid_type_known check (grid_type in ('arithmetic', 'geometric'))
  `.execute(db);
}
