// Real parallel HTTP requests against a listening test server, each from a chosen loopback
// source address (127.0.0.x), so per-IP limits see the addresses a burst really came from.
import { request } from 'node:http';
import type { Envelope } from '@olive/protocol';

export async function postFrom<T = unknown>(
  url: string,
  path: string,
  body: Record<string, string>,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const payload = new URLSearchParams(body).toString();
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(payload),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** 127.0.0.2, 127.0.0.3, ...: a distinct source address per index. */
export const loopback = (index: number) => `127.0.${Math.floor(index / 250)}.${(index % 250) + 2}`;
