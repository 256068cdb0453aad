// Foundation: operator settings, users and their sessions. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('account_kind', 'text', (c) =>
      c.notNull().check(sql`account_kind in ('email', 'phone')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('fund_password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('telegram', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'frozen')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

  // Tokens are stored only as SHA-256 hashes: a leaked table does not sign anyone in.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}
