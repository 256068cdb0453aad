// A request's logger is made on its first written line, and writes what a pino child
// would: the request id on every line, nothing below the level.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog, lazyChildLogger } from './request-logger.ts';

async function serverLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level,
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      // As the server's (app.ts loggerOptions).
      redact: {
        paths: ['req.headers.authorization', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    genReqId: () => 'req-1',
    childLoggerFactory: lazyChildLogger,
    logController: new AccessLog(),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.info('an info line');
    request.log.warn({ field: 'amount' }, 'a warning');
    request.log.child({ step: 'inner' }).error('an inner error');
    return { ok: true };
  });
  app.post('/sign-in', async (request) => {
    request.log.warn({ attempt: request.body }, 'a sign-in to look at');
    request.server.log.warn({ session: { token: 'tok-secret' } }, 'a session');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('the request logger', () => {
  it('writes nothing below its level, and each written line carries the request id', async () => {
    const { app, lines } = await serverLoggingAt('warn');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.inject('/loud');
    await app.close();
    expect(lines.map((l) => [l.msg, l.reqId, l.field, l.step])).toEqual([
      ['a warning', 'req-1', 'amount', undefined],
      ['an inner error', 'req-1', undefined, 'inner'],
    ]);
  });

  it('writes one access line per request at info: method, url, status and time', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject('/quiet');
    await app.inject('/missing');
    await app.close();
    const ours = lines.filter((l) => l.reqId === 'req-1');
    expect(ours.map((l) => l.msg)).not.toContain('incoming request');
    const request = ours.filter((l) => l.msg === 'request completed');
    expect(request).toHaveLength(2);
    expect(request[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/quiet' },
      res: { statusCode: 200 },
    });
    expect(request[0]!.responseTime).toEqual(expect.any(Number));
    expect(request[1]).toMatchObject({ req: { url: '/missing' }, res: { statusCode: 404 } });
  });

  it('the access line, written without redaction, holds no secret; every other line is redacted', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { authorization: 'Bearer tok-secret' },
      payload: { account: 'a@example.com', password: 'pw-secret' },
    });
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('pw-secret');
    expect(text).not.toContain('tok-secret');
    expect(lines.find((l) => l.msg === 'a sign-in to look at')).toMatchObject({
      attempt: { account: 'a@example.com', password: '[redacted]' },
    });
    expect(lines.find((l) => l.msg === 'a session')).toMatchObject({
      session: { token: '[redacted]' },
    });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      reqId: 'req-1',
      req: { method: 'POST', url: '/sign-in' },
      res: { statusCode: 200 },
    });
  });
});
