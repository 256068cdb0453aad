// One-time verification codes sent by e-mail or SMS: 6 digits from a CSPRNG, valid 10
// minutes, single use, bound to the target (account) and the scene, at most 5 wrong
// tries, and no new code for the same target and scene within 60 seconds.
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { AppError } from '../../errors.ts';

/** The scenes a client may ask a code for by name (`emailcode`, `getphonecode`). */
export const CODE_SCENES = ['register', 'reset_password', 'fund_password'] as const;
/** `bind`: binding a second identifier (the security module's own code call). */
export type CodeScene = (typeof CODE_SCENES)[number] | 'bind';
export type CodeChannel = 'email' | 'phone';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_WRONG_TRIES = 5;

const codeHash = (target: string, scene: string, code: string) =>
  createHash('sha256').update(`${target}\n${scene}\n${code}`).digest();

export function codeService(db: Db, clock: Clock) {
  /** Makes a code, after the 60-second wait, and delivers it in the same transaction. */
  async function store(
    channel: CodeChannel,
    target: string,
    scene: CodeScene,
    deliver: (code: string) => Promise<void>,
  ) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      // Serialise sends for one target and scene so two parallel requests cannot both pass the wait.
      await sql`select pg_advisory_xact_lock(hashtext(${`code:${target}:${scene}`}))`.execute(trx);
      const last = await trx
        .selectFrom('verification_codes')
        .select('created_at')
        .where('target', '=', target)
        .where('scene', '=', scene)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const waited = last ? now.getTime() - new Date(last.created_at).getTime() : Infinity;
      if (waited < RESEND_AFTER_MS) {
        throw new AppError('auth.code_too_soon', {
          seconds: Math.ceil((RESEND_AFTER_MS - waited) / 1000),
        });
      }
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('target', '=', target)
        .where('scene', '=', scene)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification_codes')
        .values({
          channel,
          target,
          scene,
          code_hash: codeHash(target, scene, code),
          created_at: now,
          expires_at: new Date(now.getTime() + CODE_TTL_MS),
        })
        .execute();
      try {
        await deliver(code);
      } catch {
        throw new AppError('auth.code_send_failed');
      }
    });
    return code;
  }

  return {
    /**
     * Creates a code and hands it to `deliver` inside the same transaction: if delivery
     * fails, no code exists and the 60-second wait does not start.
     */
    async send(
      channel: CodeChannel,
      target: string,
      scene: CodeScene,
      deliver: (code: string) => Promise<void>,
    ): Promise<void> {
      await store(channel, target, scene, deliver);
    },

    /**
     * Creates a code, with the same wait and limits as `send`, and answers it for delivery
     * later (after the reply: codes whose delivery depends on whether an account exists).
     */
    async create(channel: CodeChannel, target: string, scene: CodeScene): Promise<string> {
      return store(channel, target, scene, async () => {});
    },

    /**
     * Checks and spends the newest live code. Each check first claims one of the code's 5
     * tries in a single conditional update (only while tries are left), and only a claimed
     * try is compared: parallel requests cannot check more than 5 codes between them.
     */
    async consume(target: string, scene: CodeScene, code: string) {
      const now = clock.now();
      const newest = db
        .selectFrom('verification_codes')
        .select('id')
        .where('target', '=', target)
        .where('scene', '=', scene)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1);
      const claimed = await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', newest)
        .where('attempts', '<', MAX_WRONG_TRIES)
        .where('consumed_at', 'is', null)
        .returning(['id', 'code_hash', 'attempts'])
        .executeTakeFirst();
      if (!claimed) {
        const live = await newest.executeTakeFirst();
        if (!live) throw new AppError('auth.code_expired', {}, { field: 'code' });
        throw new AppError('auth.code_too_many_attempts', {}, { field: 'code' });
      }
      if (!/^\d{6}$/.test(code) || !claimed.code_hash.equals(codeHash(target, scene, code))) {
        throw new AppError(
          claimed.attempts >= MAX_WRONG_TRIES ? 'auth.code_too_many_attempts' : 'auth.code_wrong',
          {},
          { field: 'code' },
        );
      }
      // Conditional update: of two requests racing with the right code, one wins.
      const spent = await db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('id', '=', claimed.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (spent.numUpdatedRows === 0n)
        throw new AppError('auth.code_expired', {}, { field: 'code' });
    },
  };
}

export type CodeService = ReturnType<typeof codeService>;
