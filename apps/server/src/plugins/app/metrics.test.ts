// What an operator's Prometheus scrapes from an API process, over HTTP on the metrics port:
// refused without the token, and with it the calls by route, the withdrawal queue, the
// dependencies and the pools. And the health checks a load balancer asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { configuredChains } from '../../modules/wallet/chain-environment.ts';
import { serveMetrics } from '../../metrics-server.ts';
import { insertUser } from '../../../test/users.ts';

describe('/metrics and health', () => {
  let t: TestApp;
  let scrape: Awaited<ReturnType<typeof serveMetrics>>;
  beforeAll(async () => {
    t = await createTestApp();
    scrape = await serveMetrics(t.app.metrics, { host: '127.0.0.1', port: 0, token: 's3cret' });
  });
  afterAll(async () => {
    await scrape?.close();
    await t?.close();
  });
  const url = () => `http://127.0.0.1:${scrape.port}/metrics`;

  it('refuses a scrape without the token, and serves nothing else on its port', async () => {
    expect((await fetch(url())).status).toBe(401);
    expect((await fetch(url(), { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(url().replace('/metrics', '/'))).status).toBe(404);
  });

  it('counts calls by route and reads the queue, the database and the pools when scraped', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.call('/api/main/update', { version: '1.8' })).code).toBe(1);
    }
    await t.ownerDb
      .insertInto('users')
      .values({
        account: 'metrics@example.com',
        password_hash: 'x',
        invite_code: 'METRIC1',
      } as never)
      .execute()
      .catch(() => undefined);
    const response = await fetch(url(), { headers: { authorization: 'Bearer s3cret' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const body = await response.text();
    expect(body).toMatch(/olive_http_requests_total\{route="\/api\/main\/update",status="200"\} 3/);
    expect(body).toMatch(
      /olive_http_request_duration_seconds_count\{route="\/api\/main\/update"\} 3/,
    );
    expect(body).toMatch(/olive_up\{dependency="database"\} 1/);
    expect(body).toMatch(/olive_db_pool_connections\{pool="primary",state="total"\} [1-9]/);
    expect(body).toMatch(/olive_job_queue_depth \d+/);
    expect(body).toContain('olive_load_shed_total 0');
    // No replica configured: no replica series, and the public port has no /metrics.
    expect(body).not.toMatch(/olive_replica_lag_seconds\{/);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).not.toBe(200);
  });

  it('shows the withdrawal queue by state with the age of its oldest', async () => {
    const user = await insertUser(t.db);
    await t.ownerDb
      .insertInto('withdrawals')
      .values({
        user_id: user.id,
        network: 'bep20',
        address: '0x00000000000000000000000000000000000a11ce',
        amount: '1000000000',
        fee: '50000000',
        receive_amount: '950000000',
        status: 'pending_review',
        created_at: new Date(Date.now() - 90_000),
      } as never)
      .execute();
    const body = await (await fetch(url(), { headers: { authorization: 'Bearer s3cret' } })).text();
    expect(body).toMatch(/olive_withdrawals\{state="pending_review"\} 1/);
    const age = /olive_withdrawal_queue_oldest_seconds\{state="pending_review"\} ([\d.]+)/.exec(
      body,
    );
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(90);
  });

  it('is live while it serves, and ready only when the database and the chains answer', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });

    // A chain configured at an address where nothing answers: not ready, naming it.
    const deadChain = configuredChains(
      loadConfig({ CHAIN_RPC_ERC20: 'http://127.0.0.1:9', NODE_ENV: 'test' }),
    );
    const other = await createTestApp({ chain: deadChain });
    try {
      const notReady = await other.app.inject({ method: 'GET', url: '/health/ready' });
      expect(notReady.statusCode).toBe(503);
      // Redis is checked too when one is configured (CI's second pass runs with one).
      const redis = other.config.REDIS_URL ? { redis: 'ok' } : {};
      expect(notReady.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', ...redis, chain_erc20: 'down' },
      });
    } finally {
      await other.close();
    }
  });
});
