// Operator settings: one JSON value per key, edited from the console or the CLI.
import type { Db } from './database.ts';

export function settingsRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value as T | undefined;
    },
    async put(key: string, value: unknown) {
      const json = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
        .execute();
    },
    /** Inserts the value only when the key is absent (seeding never overwrites an operator). */
    async putDefault(key: string, value: unknown) {
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
