// Nickname, language and avatar: what the investor can change about themselves, and the
// refusals for everything that is not allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { register } from '../../../test/accounts.ts';
import { jpeg, multipart, png, solid, webp } from '../../../test/images.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await register(t);
});
afterAll(() => t.close());

async function upload(
  file: { name: string; type: string; data: Buffer },
  lang = 'en',
  field = 'aiz_file',
) {
  const { payload, contentType } = multipart({ lang }, file, field);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/setUserHead',
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
  return response.json() as {
    code: number;
    msg: string;
    success?: boolean;
    message?: string;
    data?: { avatar: string };
  };
}

const avatarOf = async () =>
  (
    await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
  ).avatar;

describe('nickname', () => {
  it('changes it', async () => {
    const reply = await t.call(
      '/api/user/setname',
      { nickname: '  Olive Grower 🌿 ' },
      user.headers,
    );
    expect(reply).toMatchObject({ code: 1, data: { nickname: 'Olive Grower 🌿' } });
    const info = await t.call<{ nickname: string }>('/api/user/userinfo', {}, user.headers);
    expect(info.data!.nickname).toBe('Olive Grower 🌿');
  });

  it('refuses an empty or too long one, translated', async () => {
    const empty = await t.call('/api/user/setname', { nickname: '   ', lang: 'fr' }, user.headers);
    expect(empty).toMatchObject({
      code: 0,
      msg: translate('fr', 'validation.required', { field: 'nickname' }),
    });
    const long = await t.call('/api/user/setname', { nickname: 'x'.repeat(21) }, user.headers);
    expect(long).toMatchObject({
      code: 0,
      msg: translate('en', 'validation.too_long', { field: 'nickname', limit: 20 }),
    });
    const info = await t.call<{ nickname: string }>('/api/user/userinfo', {}, user.headers);
    expect(info.data!.nickname).toBe('Olive Grower 🌿');
  });
});

describe('language', () => {
  it('is saved on the account', async () => {
    expect((await t.call('/api/user/setlang', { language: 'ar' }, user.headers)).code).toBe(1);
    expect(
      (await t.call<{ language: string }>('/api/user/userinfo', {}, user.headers)).data!.language,
    ).toBe('ar');
    expect((await t.call('/api/user/setlang', { language: 'klingon' }, user.headers)).code).toBe(0);
  });
});

describe('avatar upload', () => {
  it('re-encodes a PNG to a small WebP served from its own URL', async () => {
    const reply = await upload({ name: 'me.png', type: 'image/png', data: await png(800, 600) });
    expect(reply).toMatchObject({
      code: 1,
      success: true,
      message: translate('en', 'user.avatar_updated'),
    });
    const served = await t.app.inject({ method: 'GET', url: reply.data!.avatar });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(served.rawPayload.length).toBeLessThan(20_000);
  });

  it('accepts JPEG and WebP', async () => {
    expect((await upload({ name: 'a.jpg', type: 'image/jpeg', data: await jpeg() })).code).toBe(1);
    expect((await upload({ name: 'a.webp', type: 'image/webp', data: await webp() })).code).toBe(1);
  });

  it.each([
    [
      'an SVG renamed .png',
      'evil.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a script renamed .png', 'run.png', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    [
      'a PNG header on garbage',
      'fake.png',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(200, 7),
      ]),
    ],
  ])('refuses %s and keeps the old avatar', async (_label, name, data) => {
    const before = await avatarOf();
    const reply = await upload({ name, type: 'image/png', data }, 'es');
    expect(reply).toMatchObject({ code: 0, msg: translate('es', 'user.avatar_not_image') });
    expect(await avatarOf()).toBe(before);
  });

  it('refuses a GIF (not one of the accepted formats)', async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    expect((await upload({ name: 'a.gif', type: 'image/gif', data: gif })).msg).toBe(
      translate('en', 'user.avatar_not_image'),
    );
  });

  it('refuses more than 2 MB', async () => {
    const big = await solid(3000, 3000).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await upload({ name: 'big.png', type: 'image/png', data: big })).msg).toBe(
      translate('en', 'user.avatar_too_large'),
    );
  });

  it('refuses more than 4096 pixels on a side', async () => {
    const wide = await solid(5000, 8).png().toBuffer();
    expect((await upload({ name: 'wide.png', type: 'image/png', data: wide })).msg).toBe(
      translate('en', 'user.avatar_too_many_pixels'),
    );
  });

  it('refuses an upload without the aiz_file field', async () => {
    const reply = await upload(
      { name: 'a.png', type: 'image/png', data: await png() },
      'en',
      'other',
    );
    expect(reply.msg).toBe(translate('en', 'user.avatar_required'));
  });
});
