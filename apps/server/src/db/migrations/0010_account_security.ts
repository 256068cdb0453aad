// Account security (issue 10): investor two-factor (an authenticator-app secret, the
// last time step used so a code cannot be replayed, hashed recovery codes) and a second
// sign-in identifier per account (a phone bound to an e-mail account or the reverse).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('two_factor_recovery')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'bytea', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_user')
    .on('two_factor_recovery')
    .column('user_id')
    .execute();
  // Another identifier that signs in to the same account; one of each kind per user.
  await db.schema
    .createTable('account_aliases')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('email', 'phone')`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('account_aliases_user_kind_uq', ['user_id', 'kind'])
    .execute();
}
