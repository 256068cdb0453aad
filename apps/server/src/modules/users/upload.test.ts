// Avatar uploads that are not a clean single image: each is a code 0 with its true
// message, never an unexpected error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { register } from '../../../test/accounts.ts';
import { multipart, png, solid } from '../../../test/images.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await register(t);
});
afterAll(() => t.close());

async function send(payload: Buffer, contentType: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/setUserHead',
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string } };
}

describe('malformed avatar uploads', () => {
  it('a truncated body', async () => {
    const { payload, contentType } = multipart(
      { lang: 'de' },
      { name: 'a.png', type: 'image/png', data: await png() },
    );
    const reply = await send(payload.subarray(0, payload.length - 60), contentType);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 0, msg: translate('de', 'user.upload_unreadable') });
  });

  it('a multipart type without a boundary', async () => {
    const { payload } = multipart({}, { name: 'a.png', type: 'image/png', data: await png() });
    const reply = await send(payload, 'multipart/form-data');
    expect([200, 400]).toContain(reply.status);
    expect(reply.body.code).toBe(0);
    expect(reply.body.msg).not.toMatch(/went wrong/);
  });

  it('two files in aiz_file', async () => {
    const one = multipart({}, { name: 'a.png', type: 'image/png', data: await png() });
    const boundary = /boundary=(.+)$/.exec(one.contentType)![1]!;
    const file = one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length);
    const second = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="aiz_file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await png(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await send(Buffer.concat([file, second]), one.contentType);
    expect(reply.body).toMatchObject({ code: 0, msg: translate('en', 'user.avatar_one_file') });
  });

  it('an image over 4096 pixels on both sides tells the pixel limit', async () => {
    const huge = await solid(5000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const { payload, contentType } = multipart(
      { lang: 'ar' },
      { name: 'huge.png', type: 'image/png', data: huge },
    );
    const reply = await send(payload, contentType);
    expect(reply.body).toMatchObject({
      code: 0,
      msg: translate('ar', 'user.avatar_too_many_pixels'),
    });
  });
});
