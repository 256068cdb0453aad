// A read that a crowd sends thousands of times a second, built once (decision 210): Kysely's
// builder writes its SQL on the first call, and every call after sends that text as a named
// prepared statement on the pool's connection, with the one parameter that varies swapped
// in. Building and compiling the query was a tenth of a cached API process's CPU when a
// crowd's robots filled (issue 33); PostgreSQL no longer parses and plans it either.
import type { Compilable } from 'kysely';
import { poolOf, type Db } from './database.ts';

/** Marks the varying parameter in the query built once; never a real value. */
const SLOT = '\u0000olive-prepared-slot\u0000';
/** "cached plan must not change result type": the table changed under a prepared `*`. */
const PLAN_CHANGED = '0A000';

/**
 * `build(slot)` builds the query with `slot` where the value of each call goes (any number
 * of times). The answer is `(value) => rows`, as `build(value).execute()` would return them
 * (Kysely's PostgreSQL dialect is pg's rows, unchanged). It reads the primary: `db` must be
 * made by `createDb`, and not be a transaction.
 */
export function preparedRead<Row>(db: Db, name: string, build: (slot: string) => Compilable<Row>) {
  let statement: { text: string; parameters: readonly unknown[] } | undefined;
  let version = 0;
  return async (value: string): Promise<Row[]> => {
    if (!statement) {
      const compiled = build(SLOT).compile();
      if (!compiled.parameters.includes(SLOT)) throw new Error(`${name}: the slot is unused`);
      statement = { text: compiled.sql, parameters: compiled.parameters };
    }
    const { text, parameters } = statement;
    const values = parameters.map((p) => (p === SLOT ? value : p));
    for (let retried = false; ; retried = true) {
      try {
        return (await poolOf(db).query({ name: `${name}_${version}`, text, values })).rows as Row[];
      } catch (error) {
        // A migration changed a table the statement reads while this process ran (a rolling
        // upgrade): the connections' prepared plan no longer fits. A new name prepares it again.
        if (retried || (error as { code?: unknown }).code !== PLAN_CHANGED) throw error;
        version += 1;
      }
    }
  };
}
