// Load shedding as a caller meets it: a translated "busy" envelope with Retry-After, never
// "something went wrong"; and not in the first seconds after start-up, whose synchronous
// work (migrations, the devchain, the seed) the loop-delay sampler would read as load.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import envelope from '../app/envelope.ts';
import i18n from '../app/i18n.ts';
import underPressure from './under-pressure.ts';

const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // The event loop is busy: nothing else runs.
  }
};
/** The loop stalls 200 ms at a time for `ms`: a mean delay far above 50 ms. */
const stall = async (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    block(200);
    await new Promise((r) => setImmediate(r));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function server() {
  const logged: string[] = [];
  const app = Fastify({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void logged.push(line) },
    },
  });
  await app.register(i18n);
  await app.register(envelope);
  // A low threshold (50 ms of mean delay, against 1 s in production) so that the test's
  // stalls are far beyond it.
  await app.register(underPressure, { shedLoad: true, maxEventLoopDelayMs: 50 });
  app.post('/api/ping', async () => ({ code: 1, msg: 'Success', data: {} }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  const call = async (lang: string) => {
    const response = await fetch(`${url}/api/ping?lang=${lang}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { code: number; msg: string },
    };
  };
  return { call, logged };
}

describe('load shedding', () => {
  it('answers a busy server with a translated message and Retry-After, not an error', async () => {
    const { call, logged } = await server();
    await sleep(3100); // past the start-up grace
    // The loop keeps falling behind. The sampler averages the delay since its last reading,
    // about a second, so 2.6 s of stalls leave its last reading inside them. After 1.5 s,
    // that reading could still average in the idle moments before the stall (CI saw it).
    await stall(2600);
    const busy = await call('ar');
    expect(busy.status).toBe(200);
    expect(busy.body).toEqual({ code: 0, msg: translate('ar', 'error.busy') });
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(logged.join('')).toContain('load shed');
    expect(logged.join('')).not.toContain('unexpected error');
    // Once the loop keeps up again (the next samples), calls go through.
    await sleep(2100);
    expect((await call('en')).body.code).toBe(1);
  }, 20_000);

  it('lets calls through right after start-up, however long start-up blocked the loop', async () => {
    const { call } = await server();
    await stall(1500);
    expect((await call('en')).body).toMatchObject({ code: 1 });
  }, 20_000);
});
