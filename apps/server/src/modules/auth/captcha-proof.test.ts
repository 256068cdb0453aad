// One solved picture for the whole registration (issue 18): the registration code call
// answers a short-lived proof bound to the account; registering with it needs no second
// picture, a wrong code does not spend it, a success does, and it expires. And the
// picture itself draws every glyph inside its frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../ports/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { captcha, newEmail } from '../../../test/accounts.ts';
import { svgCaptchaGenerator } from './captcha.ts';

const clock = new ManualClock(new Date('2026-05-01T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function sendCode(email: string) {
  const reply = await t.call<{ captcha_proof?: string }>('/api/user/emailcode', {
    email,
    scene: 'register',
    lang: 'en',
    ...(await captcha(t)),
  });
  expect(reply.code).toBe(1);
  return reply.data!.captcha_proof!;
}

const regist = (fields: Record<string, string>) =>
  t.call<{ token: string }>('/api/user/regist', {
    password: 'olive-tree-42',
    fund_password: '135790',
    agree: '1',
    lang: 'en',
    ...fields,
  });

describe('the captcha proof', () => {
  it('carries the solved picture from "send code" to the registration, once', async () => {
    const email = newEmail();
    const proof = await sendCode(email);
    expect(proof).toMatch(/^[0-9a-f-]{36}$/);
    const code = await t.codeFor(email);

    // A wrong code is refused on the code, and the proof is still good afterwards.
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const refused = await regist({ account: email, code: wrong, captcha_proof: proof });
    expect(refused.code).toBe(0);
    expect(refused.data).toMatchObject({ field: 'code' });

    const created = await regist({ account: email, code, captcha_proof: proof });
    expect(created).toMatchObject({ code: 1, msg: 'Your account has been created.' });

    // Spent by the registration: it cannot start another one.
    const again = await regist({ account: newEmail(), code, captcha_proof: proof });
    expect(again).toMatchObject({ code: 0, data: { field: 'captcha' } });
  });

  it('is bound to the account it was earned for', async () => {
    const email = newEmail();
    const proof = await sendCode(email);
    const other = newEmail();
    await sendCode(other);
    const reply = await regist({
      account: other,
      code: await t.codeFor(other),
      captcha_proof: proof,
    });
    expect(reply).toMatchObject({
      code: 0,
      msg: 'Your image code has expired. Please enter the new one.',
      data: { field: 'captcha' },
    });
  });

  it('expires after 10 minutes; a picture solved again still registers', async () => {
    const email = newEmail();
    const proof = await sendCode(email);
    const code = await t.codeFor(email);
    clock.advance(10 * 60_000 + 1000);
    const late = await regist({ account: email, code, captcha_proof: proof });
    expect(late).toMatchObject({ code: 0, data: { field: 'captcha' } });
    await sendCode(email); // the code has expired too
    const fresh = await regist({
      account: email,
      code: await t.codeFor(email),
      ...(await captcha(t)),
    });
    expect(fresh.code).toBe(1);
  });

  it('is not an image captcha: it cannot stand in for a picture on the code call', async () => {
    const email = newEmail();
    const proof = await sendCode(email);
    const reply = await t.call('/api/user/emailcode', {
      email: newEmail(),
      scene: 'register',
      captcha_id: proof,
      captcha: 'proof',
    });
    expect(reply).toMatchObject({ code: 0, data: { field: 'captcha' } });
  });
});

describe('the captcha picture', () => {
  it('draws every glyph inside its 120x44 frame', () => {
    for (let i = 0; i < 40; i++) {
      const { svg } = svgCaptchaGenerator.create();
      const glyphs = [...svg.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)].map((m) => m[1]!);
      expect(glyphs.length).toBe(4);
      for (const d of glyphs) {
        const numbers = [...d.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
        const xs = numbers.filter((_, k) => k % 2 === 0);
        const ys = numbers.filter((_, k) => k % 2 === 1);
        expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...xs)).toBeLessThanOrEqual(120);
        expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...ys)).toBeLessThanOrEqual(44);
      }
    }
  });
});
