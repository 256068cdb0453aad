// `npm start`'s server as a real process: a restart mid-demo resumes the same chain (a
// deposit and a withdrawal on each network afterwards), a second start in the same folder
// names the running one, and a stop by SIGTERM or SIGINT to the process group always runs
// every close step and leaves nothing running.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDeployment, usdtBalance } from '@olive/devchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { groupMembers, post, runOlive, type OliveProcess } from '../test/olive-process.ts';
import { freePort } from '../test/ports.ts';
import { runCli } from '../test/cli.ts';

const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
const RECIPIENTS = {
  erc20: '0x00000000000000000000000000000000000e2c20',
  bep20: '0x00000000000000000000000000000000000be920',
  trc20: 'TAUN6FwrnwwmaEqYcckffC7wYmbaS6cBiX',
} as const;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let database: TestDatabase;
let desk: TestApp; // registers investors on the same database (test captcha, mail sink)
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  desk = await createTestApp({ database });
  await database.db.updateTable('network_settings').set({ confirmations: 2 }).execute();
  dataDir = await mkdtemp(join(tmpdir(), 'olive-start-'));
  env = {
    DATABASE_URL: database.url,
    PG_DATA_DIR: join(dataDir, 'pg'),
    PORT: '0',
    DEV_INBOX_PORT: '0',
    DEVCHAIN_PORT: String(await freePort()),
    DEVCHAIN_BLOCK_MS: '200',
    RATE_LIMIT_PER_MINUTE: '100000',
    SMTP_URL: '',
    REDIS_URL: '',
  };
}, 60_000);

afterAll(async () => {
  await desk?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm start, restarted mid-demo', () => {
  it('resumes the same chain: deposits and withdrawals work on every network afterwards', async () => {
    let olive: OliveProcess = await runOlive(env);
    const user = await register(desk, { fund_password: '246810' });
    const auth = { authorization: `Bearer ${user.token}`, userid: user.userId };
    const call = <T>(path: string, body: Record<string, string> = {}) =>
      post<T>(olive.url, path, body, auth);
    const balance = async () =>
      (await call<{ balance: string }>('/api/user/userinfo')).data!.balance;
    const deposit = async (network: string, expected: string) => {
      expect((await call('/api/user/devfaucet', { network })).code).toBe(1);
      await until(`${network} deposit credited`, async () => (await balance()) === expected);
    };
    const withdraw = async (network: (typeof NETWORKS)[number]) => {
      const before = await usdtBalance({
        deployment: readDeployment(join(dataDir, 'devchain', 'deployment.json')),
        network,
        address: RECIPIENTS[network],
      });
      const reply = await call<{ receive_amount: string; status: string }>('/api/user/withdraw', {
        network,
        amount: '20',
        fund_password: '246810',
      });
      expect(reply.code, reply.msg).toBe(1);
      const list = () =>
        call<{ list: { status: string; network: string; tx_hash: string | null }[] }>(
          '/api/user/withdrawlist',
        );
      await until(`${network} withdrawal confirmed`, async () => {
        const rows = (await list()).data!.list.filter((w) => w.network === network);
        return rows.length > 0 && rows.every((w) => w.status === 'confirmed');
      });
      const after = await usdtBalance({
        deployment: readDeployment(join(dataDir, 'devchain', 'deployment.json')),
        network,
        address: RECIPIENTS[network],
      });
      expect(Number(after) - Number(before)).toBe(Number(reply.data!.receive_amount));
    };

    // Before the restart: a deposit on each network and a withdrawal (hot wallet nonce 1).
    for (const network of NETWORKS) {
      expect((await call('/api/user/invest', { network })).code).toBe(1);
      const saved = await call('/api/user/setaddress', {
        network,
        address: RECIPIENTS[network],
        fund_password: '246810',
      });
      expect(saved.code, saved.msg).toBe(1);
    }
    await deposit('erc20', '100');
    await deposit('bep20', '200');
    await deposit('trc20', '300');
    await withdraw('erc20');
    const firstHashes = await database.db.selectFrom('deposits').select('tx_hash').execute();

    const stopped = await olive.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    olive = await runOlive(env);
    expect(olive.output()).toMatch(/resumed from .*state\.json/);

    // The chain remembers what the database remembers: every credited deposit's transaction.
    const deployment = readDeployment(join(dataDir, 'devchain', 'deployment.json'));
    for (const { tx_hash } of firstHashes) {
      const response = await fetch(deployment.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getTransactionReceipt',
          params: [tx_hash],
        }),
      });
      expect(((await response.json()) as { result: unknown }).result).not.toBeNull();
    }
    // The hot wallet was not refunded: 1,000,000 minus what was paid out.
    expect(
      await usdtBalance({ deployment, network: 'bep20', address: deployment.hotWallet.address }),
    ).toBe('1000000');

    // After the restart: a deposit and a withdrawal on each network.
    await deposit('erc20', '380'); // 300 - 20 + 100
    await deposit('bep20', '480');
    await deposit('trc20', '580');
    for (const network of NETWORKS) await withdraw(network);
    expect(olive.output()).not.toMatch(/withdrawals_nonce_uq|nonce mismatch/);

    const audit = await runCli(database.url, ['ledger:audit'], { PG_DATA_DIR: env.PG_DATA_DIR! });
    expect(audit.exitCode, JSON.stringify(audit.json)).toBe(0);
    const checks = audit.json.checks as { name: string; ok: boolean; detail: string }[];
    expect(checks.find((k) => k.name === 'custody_on_chain')?.detail).toMatch(
      /erc20: ledger custody .*covered.*bep20: .*covered.*trc20: .*covered/,
    );
    expect((await olive.stop('SIGINT')).code).toBe(0);
  }, 240_000);
});

describe('a second npm start in the same folder', () => {
  it('names the running process, its port and how to stop it, before building anything', async () => {
    const olive = await runOlive(env);
    try {
      const second = await runOlive(env, { waitFor: 'exit', timeoutMs: 60_000 });
      expect(second.exitCode).toBe(1);
      const port = new URL(olive.url).port;
      expect(second.output()).toContain(
        `Olive is already running in this folder: process ${olive.pid}`,
      );
      expect(second.output()).toContain(`http://localhost:${port}/`);
      expect(second.output()).toContain(`kill ${olive.pid}`);
      expect(second.output()).not.toMatch(/undefined|at .*\.ts:\d+/);

      // `npm start`'s first step says the same without building the web app.
      const check = await new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['scripts/check-running.mjs'],
          { cwd: repoRoot, env: { ...process.env, PG_DATA_DIR: env.PG_DATA_DIR! } },
          (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
        );
      });
      expect(check.code).toBe(1);
      expect(check.stderr).toContain(`process ${olive.pid}`);
      expect(check.stderr).toContain(`kill ${olive.pid}`);

      // The first one is untouched.
      expect((await post(olive.url, '/api/main/update', { version: '1.8' })).code).toBe(1);
    } finally {
      await olive.stop();
    }
  }, 120_000);

  it('prints the real reason of a start-up failure', async () => {
    const busy = await freePort();
    const blocker = (await import('node:net')).createServer().listen(busy, '127.0.0.1');
    try {
      const failed = await runOlive({ ...env, PORT: String(busy) }, { waitFor: 'exit' });
      expect(failed.exitCode).toBe(1);
      expect(failed.output()).toMatch(
        new RegExp(`Olive could not start: listening on 127.0.0.1:${busy} failed: .*EADDRINUSE`),
      );
      expect(failed.output()).not.toMatch(/^undefined$/m);
    } finally {
      blocker.close();
    }
  }, 120_000);
});

describe('stopping', () => {
  it('closes every part, once, on SIGTERM or SIGINT to the group, 20 times', async () => {
    for (let i = 0; i < 20; i++) {
      const signal = i % 2 === 0 ? 'SIGTERM' : 'SIGINT';
      const olive = await runOlive(env);
      const { code, output } = await olive.stop(signal);
      const tail = output.slice(output.indexOf('shutting down'));
      expect(code, `${signal} #${i}:\n${tail}`).toBe(0);
      for (const step of ['workers', 'http', 'devchain', 'inbox', 'database']) {
        expect(tail, `${signal} #${i}`).toContain(`"step":"${step}","msg":"closed"`);
      }
      expect(tail).not.toMatch(/EPIPE|shutdown step failed|Error:/);
      expect(groupMembers(olive.pid)).toEqual([]);
    }
  }, 600_000);
});
