// The devchain on a cluster (decision 152): one process runs it alone (APP_ROLE=chain) and
// an API process with a data folder of its own reaches it by CHAIN_RPC_*, like a real node,
// and says so in its banner; without either, an API process stops naming both ways out.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { oliveEnv, runOlive } from '../test/olive-process.ts';

let database: TestDatabase;
const dirs: string[] = [];
const folder = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'olive-role-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the devchain run by one process', () => {
  it('stops an API process that has no chain with a message naming both ways out', async () => {
    const env = await oliveEnv(database.url, await folder(), { APP_ROLE: 'api' });
    const api = await runOlive(env, { waitFor: 'exit' });
    expect(api.exitCode).toBe(1);
    expect(api.output()).toMatch(/APP_ROLE=api has no chain: no CHAIN_RPC_\* is set/);
    expect(api.output()).toMatch(/APP_ROLE=chain/);
    expect(api.output()).not.toMatch(/start it with npm start/);
  }, 120_000);

  it('serves the others by URL: an API process elsewhere names that chain and is ready', async () => {
    const chainDir = await folder();
    const chain = await runOlive(
      { ...(await oliveEnv(database.url, chainDir)), APP_ROLE: 'chain' },
      { waitFor: 'chain' },
    );
    try {
      const file = join(chainDir, 'devchain', 'chain.env');
      expect(chain.output()).toContain(file);
      const peer = Object.fromEntries(
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split('=') as [string, string]),
      );
      expect(Object.keys(peer)).toEqual([
        'CHAIN_RPC_ERC20',
        'CHAIN_RPC_BEP20',
        'USDT_CONTRACT_ERC20',
        'USDT_CONTRACT_BEP20',
        'HOT_WALLET_KEY_EVM',
        'CHAIN_START_BLOCK',
      ]);
      // Another data folder: nothing shared with the chain's process but the URL.
      const api = await runOlive({
        ...(await oliveEnv(database.url, await folder())),
        ...peer,
        APP_ROLE: 'api',
      });
      try {
        const origin = new URL(peer.CHAIN_RPC_ERC20!).origin;
        expect(api.output()).toContain(
          `Chains: ERC20 at ${origin}, BEP20 at ${origin} (CHAIN_RPC_*)`,
        );
        expect(api.output()).not.toMatch(/kept in memory/);
        const ready = await fetch(`${api.url}/health/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({
          checks: { database: 'ok', chain_erc20: 'ok', chain_bep20: 'ok' },
        });
      } finally {
        await api.stop();
      }
    } finally {
      await chain.stop();
    }
  }, 180_000);
});
