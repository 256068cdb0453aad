// The global ceiling answers in the envelope, translated, and (with REDIS_URL) is shared
// by every API process.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';

// A fresh documentation-range address per test, so runs sharing one Redis never meet.
const randomIp = () =>
  `198.51.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  const env = { RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: 'true' };
  // One key prefix for both, as two API processes of one deployment share Redis.
  const redisPrefix = `olive-test:${randomUUID()}:`;
  first = await createTestApp({ env, redisPrefix });
  second = await createTestApp({ env, redisPrefix });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('global rate limit', () => {
  it('answers code 0 with a translated message once the ceiling is reached', async () => {
    const headers = { 'x-forwarded-for': randomIp() };
    const replies = [];
    for (let i = 0; i < 7; i++) {
      replies.push(await first.call('/api/main/update', { version: '1.8', lang: 'it' }, headers));
    }
    expect(replies.slice(0, 5).every((r) => r.code === 1)).toBe(true);
    const limited = replies[6]!;
    expect(limited.code).toBe(0);
    expect(limited.msg).toBe(
      translate('it', 'error.rate_limited', { seconds: Number(/\d+/.exec(limited.msg)?.[0]) }),
    );
  });

  it.runIf(Boolean(process.env.REDIS_URL))('shares its counters through Redis', async () => {
    // Both instances count the same caller; together they exceed the ceiling.
    const headers = { 'x-forwarded-for': randomIp() };
    const call = (t: TestApp) => t.call('/api/main/update', { version: '1.8' }, headers);
    for (let i = 0; i < 3; i++) expect((await call(first)).code).toBe(1);
    for (let i = 0; i < 2; i++) expect((await call(second)).code).toBe(1);
    expect((await call(second)).code).toBe(0);
    expect((await call(first)).code).toBe(0);
  });
});
