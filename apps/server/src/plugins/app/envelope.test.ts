// The wire protocol as a client sees it: envelope, translation, validation, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { UNOFFERED_CALLS } from '../../modules/unoffered/routes.ts';
import { translate } from '../../i18n/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('wire protocol', () => {
  it('answers the update check with code 1 and the envelope', async () => {
    const reply = await t.call('/api/main/update', { version: '1.8', lang: 'en' });
    expect(reply).toMatchObject({
      code: 1,
      msg: 'Success',
      data: { type: '', version: '1.8', android_url: '', ios_url: '' },
    });
  });

  it('translates messages into the language of the call', async () => {
    const fr = await t.call('/api/car/list', { lang: 'fr' });
    expect(fr.code).toBe(0);
    expect(fr.msg).toBe(translate('fr', 'error.not_offered'));
    expect(fr.msg).not.toBe(translate('en', 'error.not_offered'));
    const ar = await t.call('/api/game/info', { lang: 'ar' });
    expect(ar.msg).toBe(translate('ar', 'error.not_offered'));
  });

  it('reads an unknown or missing language as English', async () => {
    expect((await t.call('/api/shop/info', { lang: 'xx' })).msg).toBe(
      'This service is not offered on Olive.',
    );
    expect((await t.call('/api/shop/buynow')).msg).toBe('This service is not offered on Olive.');
  });

  it('answers every SPC and check-in call with "not offered"', async () => {
    for (const path of UNOFFERED_CALLS) {
      const reply = await t.call(path, { lang: 'de' });
      expect(reply, path).toMatchObject({ code: 0, msg: translate('de', 'error.not_offered') });
    }
  });

  it('names the field of a validation failure, translated', async () => {
    const missing = await t.call('/api/main/update', { lang: 'en' });
    expect(missing).toMatchObject({
      code: 0,
      msg: 'Version is required.',
      data: { field: 'version' },
    });
    const bad = await t.call('/api/main/update', { lang: 'es', version: '1.8; drop table' });
    expect(bad.code).toBe(0);
    expect(bad.data).toEqual({ field: 'version' });
    expect(bad.msg).toBe(translate('es', 'validation.invalid', { field: 'version' }));
    const empty = await t.call('/api/main/update', { lang: 'en', version: '' });
    expect(empty.msg).toBe('Version is required.');
  });

  it('refuses text holding a NUL character, naming the field, before any handler', async () => {
    // (the console speaks English and Chinese only)
    for (const [path, body] of [
      ['/api/user/login', { email: 'a\u0000@b.example', password: 'x', lang: 'fr' }],
      ['/api/admin/auth/login', { email: 'a\u0000b', password: '-0', lang: 'en' }],
    ] as const) {
      const reply = await t.call(path, body);
      expect(reply, path).toMatchObject({
        code: 0,
        msg: translate(body.lang, 'validation.invalid', { field: 'email' }),
        data: { field: 'email' },
      });
    }
  });

  it('refuses a number field given Infinity or 1e400, naming the field', async () => {
    // Ajv coerced both to Infinity and then skipped the field's bounds; SQL then failed. The
    // one number parser now refuses them first, as numbers not written plainly.
    const user = await register(t);
    for (const [path, body, field] of [
      ['/api/user/minermy', { page: 'Infinity', limit: '1', lang: 'de' }, 'page'],
      ['/api/user/minermy', { page: '1', limit: '1e400', lang: 'ar' }, 'limit'],
      ['/api/user/quanmy', { page: '-Infinity', lang: 'en' }, 'page'],
      [
        '/api/user/quanpreview',
        {
          market: 'BTC/USDT',
          principal: '100',
          range_low: '1',
          range_high: '2',
          direction: 'neutral',
          grids: 'Infinity',
          lang: 'en',
        },
        'grids',
      ],
    ] as const) {
      const reply = await t.call(path, body, user.headers);
      expect(reply, `${path} ${JSON.stringify(body)}`).toMatchObject({
        code: 0,
        msg: translate(body.lang, 'validation.count_format', { field }),
        data: { field },
      });
    }
    // The same fields within their bounds are answered.
    expect((await t.call('/api/user/minermy', { page: '2', limit: '5' }, user.headers)).code).toBe(
      1,
    );
  });

  it('drops unknown fields instead of assigning them', async () => {
    const reply = await t.call('/api/main/update', { version: '1.8', is_admin: '1', lang: 'en' });
    expect(reply.code).toBe(1);
  });

  it('answers an unknown path with 404 and an envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/main/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 0, msg: 'This call does not exist.' });
  });

  it('keeps transport failures as HTTP errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/main/update',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 0 });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/main/update');
    expect(Object.keys(doc.paths)).toContain('/api/user/logout');
  });
});

describe('unexpected errors', () => {
  it('log the request id and never leak a stack', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../../app.ts');
    const boom = new Error('database exploded at secret-host:5432');
    const app = await buildApp({
      config: t.config,
      db: t.db,
      clock: { now: () => new Date() },
      logger: {
        level: 'error',
        stream: { write: (line: string) => void lines.push(line) },
      } as never,
    });
    // Make the settings read fail the way a lost database would.
    app.services.settings.get = async () => {
      throw boom;
    };
    const response = await app.inject({
      method: 'POST',
      url: '/api/main/update',
      payload: 'version=1.8&lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await app.close();
    const body = response.json() as { code: number; msg: string; data: { request_id: string } };
    expect(response.statusCode).toBe(200);
    expect(body.code).toBe(0);
    expect(body.msg).toContain(body.data.request_id);
    expect(response.body).not.toContain('secret-host');
    expect(response.body).not.toMatch(/\.ts:\d+/);
    const logged = lines.map((l) => JSON.parse(l) as { reqId: string; err?: { message: string } });
    expect(
      logged.some((l) => l.reqId === body.data.request_id && l.err?.message === boom.message),
    ).toBe(true);
  });
});

describe('security headers', () => {
  it('go on every reply, worked out once: a call, an error and a missing page alike', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/api/main/update', payload: { lang: 'en' } },
      { method: 'POST' as const, url: '/api/user/userinfo', payload: { lang: 'en' } },
      { method: 'POST' as const, url: '/api/no/such/call', payload: { lang: 'en' } },
      { method: 'GET' as const, url: '/no/such/page' },
    ]) {
      const reply = await t.app.inject(request);
      const isApi = request.url.startsWith('/api/');
      const csp = reply.headers['content-security-policy'];
      expect(csp).toContain("frame-ancestors 'none'");
      // A JSON reply may load nothing at all; a page its own scripts only.
      if (isApi) expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      else expect(csp).toContain("script-src 'self'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      // Only a document uses the opener policy.
      expect(reply.headers['cross-origin-opener-policy']).toBe(isApi ? undefined : 'same-origin');
      expect(reply.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });
});
