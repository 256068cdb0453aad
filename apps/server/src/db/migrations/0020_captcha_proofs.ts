// Captcha proofs (issue 18): a solved image captcha on the registration code call leaves a
// short-lived, single-use proof bound to the account, so registering does not ask for a
// second picture. Proofs share the captchas table; `purpose` keeps the two apart, and
// `account` binds a proof to the account it was earned for.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('captchas')
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .defaultTo('image')
        .check(sql`purpose in ('image', 'proof')`),
    )
    .addColumn('account', 'text')
    .execute();
}
