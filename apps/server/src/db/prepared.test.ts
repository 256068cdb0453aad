// A read built once and sent as a prepared statement (decision 210): the same rows as the
// builder's own query, and still answered after a migration changes the table under it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { insertUser } from '../../test/users.ts';
import { preparedRead } from './prepared.ts';

let database: TestDatabase;
beforeAll(async () => {
  // One connection: every call meets the statement that connection prepared.
  database = await createTestDatabase(1);
});
afterAll(() => database.drop());

const userQuery = (id: string) =>
  database.db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) =>
      eb
        .selectFrom('users as same')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('same.id', '=', id)
        .as('matches'),
    )
    .where('u.id', '=', id);

describe('preparedRead', () => {
  it("answers each call's value with the builder's own rows", async () => {
    const a = await insertUser(database.db);
    const b = await insertUser(database.db);
    const read = preparedRead(database.db, 'test_user', userQuery);
    for (const user of [a, b, a]) {
      const rows = await read(user.id);
      expect(rows).toEqual(await userQuery(user.id).execute());
      expect(rows.map((r) => [r.id, r.matches])).toEqual([[user.id, '1']]);
    }
    expect(await read('999999999')).toEqual([]);
  });

  it('prepares the read again when a migration changed its table', async () => {
    const user = await insertUser(database.db);
    const read = preparedRead(database.db, 'test_user_migrated', userQuery);
    await read(user.id);
    await sql`alter table users add column prepared_probe integer not null default 7`.execute(
      database.owner,
    );
    try {
      const [row] = await read(user.id);
      expect(row).toMatchObject({ id: user.id, prepared_probe: 7 });
      expect((await read(user.id))[0]).toMatchObject({ prepared_probe: 7 });
    } finally {
      await sql`alter table users drop column prepared_probe`.execute(database.owner);
    }
  });

  it('refuses a query that does not use the value', async () => {
    const read = preparedRead(database.db, 'test_unused', () =>
      database.db.selectFrom('users').select('id').where('id', '=', '1'),
    );
    await expect(read('2')).rejects.toThrow(/slot is unused/);
  });
});
