// The two database roles (decision 140). The owner runs the migrations and owns every
// table, trigger and function; the app role owns nothing, so it can neither switch a
// trigger off nor drop or replace one, and it is granted only the DML it needs: none that
// an append-only table's trigger refuses. A superuser (or CREATEROLE) makes the roles;
// the owner re-applies the grants after every migration run.
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './database.ts';

export interface RoleLogin {
  user: string;
  password: string;
}

/** The schemas the app works in: ours and graphile-worker's queue. */
const APP_SCHEMAS = ['public', 'graphile_worker'];

/**
 * Creates the roles that are missing and (re)sets what each may do: log in with its
 * password and nothing else (no superuser, no roles, no databases, no replication).
 * `client` is a superuser's.
 */
export async function ensureLoginRoles(client: pg.Client, roles: RoleLogin[]): Promise<void> {
  // A start and a CLI beside it may both get here: one at a time (two ALTER ROLEs of one
  // role at once fail with "tuple concurrently updated").
  await client.query('begin');
  try {
    await client.query(`select pg_advisory_xact_lock(hashtext('olive:login-roles'))`);
    for (const { user, password } of roles) {
      const name = client.escapeIdentifier(user);
      const found = await client.query('select 1 from pg_roles where rolname = $1', [user]);
      if (found.rowCount === 0) await client.query(`create role ${name}`);
      await client.query(
        `alter role ${name} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls ` +
          `password ${client.escapeLiteral(password)}`,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * Gives `owner` everything the connected role (a superuser) owns in the connected database
 * outside the system schemas: how a data folder made when the app ran as that superuser
 * is upgraded. Extension members stay with the extension. Returns how many objects moved.
 */
export async function transferOwnership(client: pg.Client, owner: string): Promise<number> {
  const to = client.escapeIdentifier(owner);
  const { rows } = await client.query<{ statement: string }>(
    `with me as (select oid from pg_roles where rolname = current_user),
     user_schemas as (
       select oid, nspname, nspowner from pg_namespace
       where nspname <> 'information_schema' and nspname not like 'pg\\_%'
     ),
     extension_members as (select classid, objid from pg_depend where deptype = 'e')
     select format('alter schema %I owner to ${to}', n.nspname) as statement, 0 as step
       from user_schemas n where n.nspowner = (select oid from me)
     union all
     select format(
              case c.relkind when 'v' then 'alter view %s owner to ${to}'
                             when 'm' then 'alter materialized view %s owner to ${to}'
                             when 'S' then 'alter sequence %s owner to ${to}'
                             when 'f' then 'alter foreign table %s owner to ${to}'
                             when 'c' then 'alter type %s owner to ${to}'
                             else 'alter table %s owner to ${to}' end,
              c.oid::regclass), 1
       from pg_class c join user_schemas n on n.oid = c.relnamespace
      where c.relowner = (select oid from me) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c')
        -- A table's own sequences (serial, identity) move with the table.
        and not (c.relkind = 'S' and exists (
          select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
             and d.deptype in ('a', 'i')))
        and (c.oid, 'pg_class'::regclass) not in (select objid, classid from extension_members)
     union all
     select format(case p.prokind when 'p' then 'alter procedure %s owner to ${to}'
                                  else 'alter function %s owner to ${to}' end,
                   p.oid::regprocedure), 2
       from pg_proc p join user_schemas n on n.oid = p.pronamespace
      where p.proowner = (select oid from me) and p.prokind in ('f', 'p', 'w')
        and (p.oid, 'pg_proc'::regclass) not in (select objid, classid from extension_members)
     union all
     select format(case t.typtype when 'd' then 'alter domain %s owner to ${to}'
                                  else 'alter type %s owner to ${to}' end,
                   t.oid::regtype), 3
       from pg_type t join user_schemas n on n.oid = t.typnamespace
      where t.typowner = (select oid from me) and t.typtype in ('e', 'd', 'r')
        and (t.oid, 'pg_type'::regclass) not in (select objid, classid from extension_members)
     order by 2`,
  );
  for (const { statement } of rows) await client.query(statement);
  return rows.length;
}

/**
 * Re-applies the app role's grants in the connected database, as its owner: every table
 * of our schemas may be read and written, except what a trigger refuses outright (a row
 * trigger calling a `*_refuse_change` function on UPDATE or DELETE, with no WHEN: the
 * append-only tables) and the migration bookkeeping (read only). No TRUNCATE, TRIGGER or
 * REFERENCES anywhere; sequences may be used, not set. Derived from the triggers, so a
 * later migration's append-only table gets the same treatment with no list to update.
 */
export async function grantAppRole(owner: Db, app: string): Promise<void> {
  await owner.transaction().execute(async (trx) => {
    // Two processes granting at once collide on the same catalog rows ("tuple
    // concurrently updated"): one at a time.
    await sql`select pg_advisory_xact_lock(hashtext('olive:grant-app-role'))`.execute(trx);
    const role = sql.id(app);
    const { rows: schemas } = await sql<{ name: string }>`
      select nspname as name from pg_namespace where nspname = any(${APP_SCHEMAS})
    `.execute(trx);
    for (const { name } of schemas) {
      const schema = sql.id(name);
      await sql`grant usage on schema ${schema} to ${role}`.execute(trx);
      await sql`revoke create on schema ${schema} from ${role}`.execute(trx);
      await sql`revoke all on all tables in schema ${schema} from ${role}`.execute(trx);
      await sql`revoke all on all sequences in schema ${schema} from ${role}`.execute(trx);
      await sql`grant select, insert, update, delete on all tables in schema ${schema} to ${role}`.execute(
        trx,
      );
      await sql`grant usage, select on all sequences in schema ${schema} to ${role}`.execute(trx);
    }
    const { rows: limited } = await sql<{ relation: string; refused: string }>`
      select format('%I.%I', n.nspname, c.relname) as relation, 'insert, update, delete' as refused
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any(${APP_SCHEMAS})
         and (c.relkind in ('v', 'm')
              or (n.nspname, c.relname) in (('public', 'kysely_migration'),
                                           ('public', 'kysely_migration_lock'),
                                           ('graphile_worker', 'migrations')))
      union all
      select format('%I.%I', n.nspname, c.relname),
             concat_ws(', ',
               case when bool_or(t.tgtype & 16 <> 0 and t.tgqual is null) then 'update' end,
               case when bool_or(t.tgtype & 8 <> 0 and t.tgqual is null) then 'delete' end)
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and n.nspname = any(${APP_SCHEMAS})
         and t.tgtype & 1 = 1 and p.proname like '%refuse\\_change'
       group by n.nspname, c.relname
    `.execute(trx);
    for (const { relation, refused } of limited) {
      if (!refused) continue;
      await sql`revoke ${sql.raw(refused)} on ${sql.raw(relation)} from ${role}`.execute(trx);
    }
    // graphile-worker turns row security on for its tables (so an API layer over the
    // database shows none of them) with no policy: only their owner sees a row. The app's
    // role runs the queue, so it gets every row of them, and nothing more.
    // Made only where missing (or for another role): dropping a policy locks its table.
    const { rows: secured } = await sql<{ relation: string }>`
      select format('%I.%I', n.nspname, c.relname) as relation
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'graphile_worker' and c.relkind in ('r', 'p') and c.relrowsecurity
         and not exists (
           select 1 from pg_policies p
            where p.schemaname = n.nspname and p.tablename = c.relname
              and p.policyname = 'olive_app_queue' and p.roles = array[${app}]::name[])
    `.execute(trx);
    for (const { relation } of secured) {
      await sql`drop policy if exists olive_app_queue on ${sql.raw(relation)}`.execute(trx);
      await sql`
        create policy olive_app_queue on ${sql.raw(relation)} for all to ${role}
        using (true) with check (true)
      `.execute(trx);
    }
  });
}

/**
 * What the connected role may do that the app's role must not: empty when it is confined.
 * Each entry names the power, for a start-up error an operator can act on.
 */
export async function appRoleProblems(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    superuser: boolean;
    createrole: boolean;
    createdb: boolean;
    replication: boolean;
    bypassrls: boolean;
    owns: boolean;
    create_database: boolean;
    create_schema: boolean;
    version: number;
  }>`
    select r.rolsuper as superuser, r.rolcreaterole as createrole, r.rolcreatedb as createdb,
           r.rolreplication as replication, r.rolbypassrls as bypassrls,
           exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where n.nspname = any(${APP_SCHEMAS})
                      and pg_has_role(current_user, c.relowner, 'MEMBER')) as owns,
           has_database_privilege(current_database(), 'CREATE') as create_database,
           exists (select 1 from pg_namespace n where n.nspname = any(${APP_SCHEMAS})
                      and has_schema_privilege(n.oid, 'CREATE')) as create_schema,
           current_setting('server_version_num')::int as version
      from pg_roles r where r.rolname = current_user
  `.execute(db);
  const role = rows[0]!;
  const problems: string[] = [];
  if (role.superuser) problems.push('is a superuser');
  if (role.createrole) problems.push('may create roles');
  if (role.createdb) problems.push('may create databases');
  if (role.replication) problems.push('may replicate');
  if (role.bypassrls) problems.push('bypasses row security');
  if (role.owns) problems.push('owns (or may act as the owner of) tables');
  if (role.create_database) problems.push('may create schemas');
  if (role.create_schema) problems.push('may create objects in the schema');
  // PostgreSQL 15+ can grant one parameter to a role: this one switches triggers off.
  if (role.version >= 150000) {
    const { rows: set } = await sql<{ allowed: boolean }>`
      select has_parameter_privilege('session_replication_role', 'SET') as allowed
    `.execute(db);
    if (set[0]!.allowed && !role.superuser) problems.push('may set session_replication_role');
  }
  return problems;
}

/** The role a connection logs in as. */
export async function currentRole(db: Db): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]!.role;
}
