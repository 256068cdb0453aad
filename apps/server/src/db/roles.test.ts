// The app's own database connection cannot change an append-only row by any means
// (issue 30, decision 140): no trigger switched off, dropped or replaced, no UPDATE,
// DELETE or TRUNCATE, no way to become the owner; and the app still works on it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.ts';
import { runCli } from '../../test/cli.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `statements` in one session of the app's own connection; the error, or 'succeeded'. */
async function asApp(...statements: string[]): Promise<string> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
    return 'succeeded';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end();
  }
}

// What the app may never do, whatever the table: each a message of PostgreSQL's refusal.
const REFUSED = /permission denied|must be owner|must be superuser|must have/;

interface Guarded {
  table: string;
  column: string;
  triggers: string[];
  functions: string[];
}

/** Every table whose rows a trigger refuses to change (the append-only tables), read as the app. */
async function appendOnlyTables(): Promise<Guarded[]> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Guarded>(`
      select c.relname as table,
             (select a.attname from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               order by a.attnum limit 1) as column,
             array_agg(distinct t.tgname::text) as triggers,
             array_agg(distinct p.proname::text) as functions
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
         and p.proname like '%refuse\\_change'
       group by c.oid, c.relname
       order by c.relname`);
    return rows;
  } finally {
    await client.end();
  }
}

describe("the app's database role", () => {
  it('cannot switch triggers off with session_replication_role, in any way', async () => {
    expect(await asApp('set session_replication_role = replica')).toMatch(REFUSED);
    expect(await asApp('begin', 'set local session_replication_role = replica')).toMatch(REFUSED);
    expect(await asApp(`select set_config('session_replication_role', 'replica', false)`)).toMatch(
      REFUSED,
    );
    expect(await asApp('alter role current_user set session_replication_role = replica')).toMatch(
      REFUSED,
    );
    expect(await asApp('alter system set session_replication_role = replica')).toMatch(REFUSED);
  });

  it('cannot change, remove or unguard a row of any append-only table', async () => {
    const tables = await appendOnlyTables();
    // The tables, found by their triggers (a later one is found the same way).
    expect(tables.map((g) => g.table)).toEqual(
      expect.arrayContaining([
        'accounts',
        'admin_audit',
        'journal_entries',
        'mining_day_rates',
        'mining_days',
        'mining_payments',
        'postings',
      ]),
    );
    const succeeded: string[] = [];
    for (const { table, column, triggers, functions } of tables) {
      const attacks = [
        // accounts' balances move by UPDATE (its identity trigger guards the rest).
        ...(table === 'accounts' ? [] : [`update ${table} set ${column} = ${column}`]),
        `delete from ${table}`,
        `truncate ${table}`,
        `alter table ${table} disable trigger all`,
        `alter table ${table} disable trigger user`,
        `alter table ${table} owner to current_user`,
        `create trigger olive_attack before insert on ${table} for each row execute function ${functions[0]}()`,
        ...triggers.flatMap((trigger) => [
          `alter table ${table} disable trigger ${trigger}`,
          `drop trigger ${trigger} on ${table}`,
        ]),
        ...functions.flatMap((fn) => [
          // Replacing the guard's body with one that lets everything through.
          `create or replace function ${fn}() returns trigger language plpgsql as $$ begin return coalesce(new, old); end $$`,
          `alter function ${fn}() rename to ${fn}_old`,
          `drop function ${fn}() cascade`,
        ]),
      ];
      for (const attack of attacks) {
        const outcome = await asApp(attack);
        if (!REFUSED.test(outcome)) succeeded.push(`${attack}: ${outcome}`);
      }
    }
    expect(succeeded).toEqual([]);
  });

  it('cannot become someone more powerful or put code where the app runs it', async () => {
    const attacks = [
      // A function of the app's own, shadowing or beside the ledger's.
      `create function public.ledger_post_credits_hijack() returns int language sql as 'select 1'`,
      'create schema olive_attack',
      'create table public.olive_attack (id int)',
      'create role olive_attack',
      'create database olive_attack',
      'alter role current_user superuser',
      'alter role current_user createrole',
      'set role postgres',
      'create extension if not exists pg_stat_statements',
    ];
    const succeeded: string[] = [];
    for (const attack of attacks) {
      const outcome = await asApp(attack);
      if (!REFUSED.test(outcome)) succeeded.push(`${attack}: ${outcome}`);
    }
    expect(succeeded).toEqual([]);
  });

  it('still runs the app: an investor registers, is credited, and the postings stand', async () => {
    const investor = await register(t);
    const credited = await runCli(t.databaseUrl, [
      'ledger:adjust',
      '--user',
      investor.userId,
      '--amount',
      '25',
      '--reason',
      'roles test',
      '--operator',
      'ops-1',
    ]);
    expect(credited.exitCode, JSON.stringify(credited.json)).toBe(0);
    const info = await t.call<{ money: string }>('/api/user/userinfo', {}, investor.headers);
    expect(info.code).toBe(1);

    // The attack of the issue, through the app's own credentials, on that real entry.
    const before = await t.db
      .selectFrom('postings')
      .select(['id', 'amount'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const outcome = await asApp(
      'begin',
      'set local session_replication_role = replica',
      `update postings set amount = amount * 100 where id in (${before.map((p) => p.id).join(',')})`,
      'commit',
    );
    expect(outcome).toMatch(REFUSED);
    expect(
      await asApp(`update postings set amount = amount * 100 where id = ${before[0]!.id}`),
    ).toMatch(REFUSED);
    const after = await t.db
      .selectFrom('postings')
      .select(['id', 'amount'])
      .where(
        'id',
        'in',
        before.map((p) => p.id),
      )
      .orderBy('id', 'desc')
      .execute();
    expect(after).toEqual(before);
  });
});
