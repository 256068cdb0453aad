// Image captchas: a random 4-character picture (SVG drawn as paths, not text, so the
// answer is not in the markup), answer stored hashed, valid 5 minutes, single use:
// any check, right or wrong, spends it. A picture solved on the registration code call
// leaves a proof (10 minutes, bound to the account, spent by the registration that
// succeeds), so the investor solves one picture for the whole registration.
import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { AppError } from '../../errors.ts';

export interface CaptchaGenerator {
  create(): { text: string; svg: string };
}

export const svgCaptchaGenerator: CaptchaGenerator = {
  create() {
    const { text, data } = svgCaptcha.create({
      size: 4,
      ignoreChars: '0oO1ilI',
      noise: 3,
      color: true,
      background: '#1f1f12',
      width: 120,
      height: 44,
      // The library's default 56 px glyphs overflow a 44 px picture and lose their tops.
      fontSize: 40,
    });
    return { text, svg: data };
  },
};

const CAPTCHA_TTL_MS = 5 * 60_000;
const PROOF_TTL_MS = 10 * 60_000;
const PROOF_ANSWER = 'proof';
const answerHash = (id: string, text: string) =>
  createHash('sha256').update(`${id}:${text.trim().toLowerCase()}`).digest();

/** A proof is a UUID; anything else can never match (and never reaches SQL as garbage). */
const validProofId = (proof: string) =>
  /^[0-9a-f-]{36}$/i.test(proof) ? proof : '00000000-0000-0000-0000-000000000000';

export function captchaService(db: Db, clock: Clock, generator: CaptchaGenerator) {
  return {
    async issue() {
      const id = randomUUID();
      const { text, svg } = generator.create();
      await db
        .insertInto('captchas')
        .values({
          id,
          answer_hash: answerHash(id, text),
          expires_at: new Date(clock.now().getTime() + CAPTCHA_TTL_MS),
        })
        .execute();
      return {
        captcha_id: id,
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Spends the captcha and throws a field error unless the answer was right. */
    async check(id: string | undefined, answer: string | undefined) {
      if (!id || !answer) throw new AppError('auth.captcha_required', {}, { field: 'captcha' });
      if (!/^[0-9a-f-]{36}$/i.test(id))
        throw new AppError('auth.captcha_wrong', {}, { field: 'captcha' });
      const now = clock.now();
      const spent = await db
        .updateTable('captchas')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('purpose', '=', 'image')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('answer_hash')
        .executeTakeFirst();
      if (!spent || !spent.answer_hash.equals(answerHash(id, answer))) {
        throw new AppError('auth.captcha_wrong', {}, { field: 'captcha' });
      }
    },

    /** A proof that `account` solved a picture just now (after a successful check). */
    async issueProof(account: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('captchas')
        .values({
          id,
          answer_hash: answerHash(id, PROOF_ANSWER),
          expires_at: new Date(clock.now().getTime() + PROOF_TTL_MS),
          purpose: 'proof',
          account,
        })
        .execute();
      return id;
    },

    /** Throws the captcha field error unless `proof` is live, unspent and for `account`. */
    async checkProof(proof: string, account: string) {
      const live = await db
        .selectFrom('captchas')
        .select('id')
        .where('id', '=', validProofId(proof))
        .where('purpose', '=', 'proof')
        .where('account', '=', account)
        .where('used_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      if (!live) throw new AppError('auth.captcha_expired', {}, { field: 'captcha' });
    },

    /** Claims the proof in one statement: of two registrations with it, one wins. */
    async spendProof(proof: string, account: string) {
      const now = clock.now();
      const spent = await db
        .updateTable('captchas')
        .set({ used_at: now })
        .where('id', '=', validProofId(proof))
        .where('purpose', '=', 'proof')
        .where('account', '=', account)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw new AppError('auth.captcha_expired', {}, { field: 'captcha' });
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
