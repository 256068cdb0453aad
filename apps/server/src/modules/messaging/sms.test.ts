// The HTTP SMS gateway adapter against replies recorded from a gateway of this shape,
// served by a local HTTP server.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSmsGateway, SmsGatewayError } from './sms.ts';

const recorded: Record<string, { status: number; body: string }> = {
  '/ok': {
    status: 200,
    body: '{"status":"queued","message_id":"SM8f2c1a","to":"+8613800138000","parts":1}',
  },
  '/unauthorized': {
    status: 401,
    body: '{"status":"error","error":{"code":20003,"message":"Authenticate"}}',
  },
  '/invalid': {
    status: 400,
    body: '{"status":"error","error":{"code":21211,"message":"Invalid To phone number"}}',
  },
  '/html': { status: 502, body: '<html><body>Bad gateway</body></html>' },
};

let server: Server;
let base = '';
const seen: { url: string; auth: string; body: Record<string, string> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: JSON.parse(body) as Record<string, string>,
      });
      const reply = recorded[req.url ?? ''] ?? { status: 404, body: '' };
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const gateway = (path: string) =>
  httpSmsGateway({ url: base + path, apiKey: 'key-123', sender: 'Olive' });

describe('HTTP SMS gateway', () => {
  it('sends the text with the key and accepts a queued reply', async () => {
    await gateway('/ok').send('13800138000', 'code 123456');
    expect(seen.at(-1)).toMatchObject({
      auth: 'Bearer key-123',
      body: { to: '+8613800138000', from: 'Olive', text: 'code 123456' },
    });
  });

  it.each(['/unauthorized', '/invalid', '/html', '/missing'])(
    'treats %s as a failure',
    async (path) => {
      await expect(gateway(path).send('13800138000', 'x')).rejects.toBeInstanceOf(SmsGatewayError);
    },
  );
});
