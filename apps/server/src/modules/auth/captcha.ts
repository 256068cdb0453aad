// Image captchas: a random 4-character picture (SVG drawn as paths, not text, so the
// answer is not in the markup), answer stored hashed, valid 5 minutes, single use:
// any check, right or wrong, spends it.
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
    });
    return { text, svg: data };
  },
};

const CAPTCHA_TTL_MS = 5 * 60_000;
const answerHash = (id: string, text: string) =>
  createHash('sha256').update(`${id}:${text.trim().toLowerCase()}`).digest();

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
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('answer_hash')
        .executeTakeFirst();
      if (!spent || !spent.answer_hash.equals(answerHash(id, answer))) {
        throw new AppError('auth.captcha_wrong', {}, { field: 'captcha' });
      }
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
