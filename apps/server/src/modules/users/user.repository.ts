// SQL for users and their avatars.
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { Insertable, Updateable } from 'kysely';

export function userRepository(db: Db) {
  return {
    findByAccount(account: string) {
      return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByInviteCode(code: string) {
      return db
        .selectFrom('users')
        .select(['id'])
        .where('invite_code', '=', code)
        .executeTakeFirst();
    },
    async inviteCodeTaken(code: string) {
      return Boolean(await this.findByInviteCode(code));
    },
    /** Undefined when the account or invite code is already taken (unique violation). */
    async insert(row: Insertable<UsersTable>) {
      return db
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'account'])
        .executeTakeFirst();
    },
    async update(id: string, values: Updateable<UsersTable>) {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
    },
    async saveAvatar(userId: string, image: Buffer, etag: string, url: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('avatars')
          .values({ user_id: userId, image, etag, updated_at: new Date() })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({ image, etag, updated_at: new Date() }),
          )
          .execute();
        await trx.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
      });
    },
    findAvatar(userId: string) {
      return db
        .selectFrom('avatars')
        .select(['image', 'etag'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
