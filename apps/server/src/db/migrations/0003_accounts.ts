// Accounts: image captchas, e-mail/SMS verification codes, avatars, and the timestamps
// that security rules (withdrawal locks after a password change) read. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captchas')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('answer_hash', 'bytea', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  // One row per code sent. Only the hash is stored; a newer code for the same target and
  // scene supersedes older ones.
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'phone')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['target', 'scene', 'created_at'])
    .execute();

  await db.schema
    .createTable('avatars')
    .addColumn('user_id', 'bigint', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('image', 'bytea', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('fund_password_changed_at', 'timestamptz')
    .execute();
}
