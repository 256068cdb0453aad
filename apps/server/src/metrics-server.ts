// Serves /metrics on a port of its own (METRICS_PORT), never the public one: Prometheus
// scrapes it over a private network or loopback. With METRICS_TOKEN set, a scrape must
// carry `Authorization: Bearer <token>` (compared in constant time); anything else is 404.
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsSource {
  text(): Promise<string>;
  contentType: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export async function serveMetrics(
  metrics: MetricsSource,
  options: { host: string; port: number; token: string },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const expected = options.token ? digest(`Bearer ${options.token}`) : null;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'content-type': metrics.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
