// The crash run (issue 17): `npm start`'s server under a mixed load of deposits, robot
// creations, starts, settlements and stops, and withdrawals, its whole process group killed
// with SIGKILL at random moments and started again each time. The driver keeps its own
// record of every operation the server (or the chain) acknowledged; afterwards each must be
// there exactly once, no withdrawal may have been paid twice on chain, and the audit must
// hold. Used by `crash.test.ts`: a few kills in CI, 20 through `bench/crash/npm-start.ts`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { readDeployment, sendTestUsdt, type DevchainDeployment } from '@olive/devchain';
import { sql } from 'kysely';
import { createPublicClient, http, parseAbiItem, type Hex } from 'viem';
import { register } from './accounts.ts';
import { runCli } from './cli.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { groupMembers, oliveEnv, post, runOlive, type OliveProcess } from './olive-process.ts';

const FUND = '246810';
/** Withdrawals go out on one EVM network, each investor to an address of their own. */
const NETWORK = 'bep20';
const recipient = (i: number) => `0x${'0'.repeat(30)}c4a5${(i + 1).toString(16).padStart(6, '0')}`;

export interface CrashOptions {
  kills: number;
  investors: number;
  /** How long the server runs (under load) before each kill: a random time in this range. */
  upMs: [number, number];
  /**
   * After the last restart, the load goes on (at most 60 s more) until this holds, so a
   * slow machine, whose short runs between kills answer little, still shows the load.
   */
  enough?: (acks: Acks) => boolean;
  log?: (line: string) => void;
}

interface Investor {
  index: number;
  auth: Record<string, string>;
  depositAddress: string;
  robots: { id: string; status: 'created' | 'running' | 'stopped' }[];
}

/** What the server or the chain acknowledged, kept by the driver (never by the server). */
export interface Acks {
  deposits: { tx: Hex; user: number; amount: string; block: number }[];
  robotsCreated: string[];
  robotsStarted: string[];
  robotsSettled: string[];
  robotsStopped: string[];
  withdrawals: { id: string; user: number }[];
  /** Calls that got no answer (the server died under them): their outcome is unknown. */
  unanswered: number;
  refused: Record<string, number>;
}

export interface CrashReport {
  acks: Acks;
  kills: number;
  restartMs: number[];
  problems: string[];
  /** What happened when, for a failure's message. */
  journal: string[];
  chainWithdrawalTransfers: number;
  confirmedWithdrawals: number;
  auditOk: boolean;
  durationMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function crashRun(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const journal: string[] = [];
  const log = (line: string) => {
    journal.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    options.log?.(line);
  };
  const database: TestDatabase = await createTestDatabase();
  // Registers investors on the same database (test captcha, mail sink); no workers.
  const desk: TestApp = await createTestApp({ database });
  const dataDir = await mkdtemp(join(tmpdir(), 'olive-crash-'));
  let olive: OliveProcess | null = null;
  try {
    await database.db.updateTable('network_settings').set({ confirmations: 2 }).execute();
    const env = await oliveEnv(database.url, dataDir, {
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    });
    olive = await runOlive(env);
    const deployment: DevchainDeployment = readDeployment(
      join(dataDir, 'devchain', 'deployment.json'),
    );

    const chain = createPublicClient({ transport: http(deployment.rpcUrl) });
    const call = async <T>(path: string, body: Record<string, string>, auth = {}) => {
      const url = olive?.url;
      if (!url) return null;
      try {
        return await post<T>(url, path, body, auth);
      } catch {
        return null; // no answer: the server died under the call, or is not up yet
      }
    };

    // Setting up, before any kill: no answer yet is asked again after a pause (`post`
    // already asks again after a refusal for load); any refusal fails the run.
    const setupCall = async <T>(path: string, body: Record<string, string>, auth = {}) => {
      for (let attempt = 0; ; attempt++) {
        const reply = await call<T>(path, body, auth);
        if (reply || attempt >= 30) return reply;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    };

    const investors: Investor[] = [];
    for (let i = 0; i < options.investors; i++) {
      const user = await register(desk, { fund_password: FUND });
      const auth = { authorization: `Bearer ${user.token}` };
      const invest = await setupCall<{ address: string }>(
        '/api/user/invest',
        { network: NETWORK },
        auth,
      );
      const saved = await setupCall(
        '/api/user/setaddress',
        { network: NETWORK, address: recipient(i), fund_password: FUND },
        auth,
      );
      if (invest?.code !== 1 || saved?.code !== 1) {
        throw new Error(
          `investor ${i} not set up: ${invest?.msg} ${saved?.msg}\n${olive.output().slice(-3000)}`,
        );
      }
      investors.push({ index: i, auth, depositAddress: invest.data!.address, robots: [] });
    }

    const acks: Acks = {
      deposits: [],
      robotsCreated: [],
      robotsStarted: [],
      robotsSettled: [],
      robotsStopped: [],
      withdrawals: [],
      unanswered: 0,
      refused: {},
    };
    const refused = (what: string) => (acks.refused[what] = (acks.refused[what] ?? 0) + 1);
    let withdrawalSeq = 0;
    /** A deposit sent on chain, acknowledged once it is in a block. */
    const depositOnChain = async (inv: Investor, amount: string) => {
      const tx = await sendTestUsdt({
        deployment,
        network: NETWORK,
        to: inv.depositAddress,
        amount,
        wait: true,
      });
      const { blockNumber } = await chain.getTransactionReceipt({ hash: tx });
      acks.deposits.push({ tx, user: inv.index, amount, block: Number(blockNumber) });
      return { tx, blockNumber };
    };

    // Each investor starts with a credited balance, so robots and withdrawals are part of the
    // load from the first second. Without it, on a loaded machine every creation could be
    // refused for want of funds while the first deposits were still confirming.
    for (const inv of investors) {
      await depositOnChain(inv, `500.${inv.index.toString().padStart(6, '0')}`);
    }
    const funded = acks.deposits.map((d) => d.tx.toLowerCase());
    for (let waited = 0; ; waited += 250) {
      const credited = await database.db
        .selectFrom('deposits')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('status', '=', 'credited')
        .where(sql<string>`lower(tx_hash)`, 'in', funded)
        .executeTakeFirstOrThrow();
      if (Number(credited.n) === funded.length) break;
      if (waited > 120_000) {
        throw new Error(`first deposits not credited after 120 s\n${olive.output().slice(-3000)}`);
      }
      await sleep(250);
    }
    log(`${investors.length} investors funded`);

    // One loop per investor: a random operation, again and again, until told to stop.
    let running = true;
    async function act(inv: Investor) {
      const pick = randomInt(100);
      if (pick < 30) {
        // A deposit arrives on chain: acknowledged once it is in a block.
        const amount = `${200 + randomInt(100)}.${randomInt(1e6).toString().padStart(6, '0')}`;
        try {
          const { tx, blockNumber } = await depositOnChain(inv, amount);
          log(`deposit ${tx} in block ${blockNumber}`);
        } catch {
          acks.unanswered++; // the chain was being restarted with the server
        }
        return;
      }
      const robot = inv.robots[randomInt(Math.max(inv.robots.length, 1))];
      let path: string;
      let body: Record<string, string>;
      let onAck: (data: Record<string, unknown>) => void;
      if (pick < 45 || !robot) {
        path = '/api/user/quancreate';
        body = { market: 'TRX/USDT', direction: 'neutral', principal: '25' };
        onAck = (d) => {
          const id = String(d.robot_id);
          acks.robotsCreated.push(id);
          inv.robots.push({ id, status: 'created' });
        };
      } else if (pick < 80 && robot.status !== 'stopped') {
        const action =
          robot.status === 'created' ? 'start' : randomInt(3) === 0 ? 'settle' : 'stop';
        path = '/api/user/openquan';
        body = { robot_id: robot.id, action };
        onAck = () => {
          if (action === 'start') {
            acks.robotsStarted.push(robot.id);
            robot.status = 'running';
          } else if (action === 'settle') {
            acks.robotsSettled.push(robot.id);
          } else {
            acks.robotsStopped.push(robot.id);
            robot.status = 'stopped';
          }
        };
      } else {
        // A unique amount per withdrawal: 10.xxxxxx, never repeated in the run.
        const seq = ++withdrawalSeq;
        path = '/api/user/withdraw';
        body = {
          network: NETWORK,
          amount: `${10 + (seq % 5)}.${seq.toString().padStart(6, '0')}`,
          fund_password: FUND,
        };
        onAck = (d) => acks.withdrawals.push({ id: String(d.withdrawal_id), user: inv.index });
      }
      const reply = await call<Record<string, unknown>>(path, body, inv.auth);
      if (!reply) acks.unanswered++;
      else if (reply.code === 1) onAck(reply.data!);
      else refused(`${path}: ${reply.msg}`);
    }
    const loops = investors.map(async (inv) => {
      while (running) {
        await act(inv);
        await sleep(20 + randomInt(80));
      }
    });

    // The kills.
    const restartMs: number[] = [];
    for (let k = 0; k < options.kills; k++) {
      await sleep(options.upMs[0] + randomInt(options.upMs[1] - options.upMs[0]));
      const victim = olive!;
      olive = null;
      process.kill(-victim.pid, 'SIGKILL');
      log(`kill ${k + 1}: SIGKILL to group ${victim.pid}`);
      for (let i = 0; i < 200 && groupMembers(victim.pid).length > 0; i++) await sleep(25);
      const t = Date.now();
      olive = await runOlive(env, { timeoutMs: 120_000 });
      restartMs.push(Date.now() - t);
      log(`kill ${k + 1}/${options.kills}: back in ${restartMs.at(-1)} ms`);
      log(olive.output().match(/Chains: .*/)?.[0] ?? 'no chain line');
    }
    await sleep(options.upMs[0]);
    for (const until = Date.now() + 60_000; options.enough && Date.now() < until;) {
      if (options.enough(acks)) break;
      await sleep(250);
    }
    running = false;
    await Promise.all(loops);

    // Let the server finish what it was acknowledged for: deposits credited, robots settled,
    // withdrawals confirmed on chain.
    const db = database.db;
    const problems: string[] = [];
    const deadline = Date.now() + 120_000;
    for (;;) {
      const pendingDeposits = await db
        .selectFrom('deposits')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const credited = new Set(
        (
          await db
            .selectFrom('deposits')
            .select('tx_hash')
            .where('status', '=', 'credited')
            .execute()
        ).map((r) => r.tx_hash.toLowerCase()),
      );
      const openWithdrawals = await db
        .selectFrom('withdrawals')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('status', 'in', ['approved', 'broadcast'])
        .executeTakeFirstOrThrow();
      const waiting =
        Number(pendingDeposits.n) +
        Number(openWithdrawals.n) +
        acks.deposits.filter((d) => !credited.has(d.tx.toLowerCase())).length;
      if (waiting === 0) break;
      if (Date.now() > deadline) {
        problems.push(`still waiting after 120 s: ${waiting} deposits or withdrawals`);
        break;
      }
      await sleep(250);
    }

    // 1. Every acknowledged deposit credited exactly once.
    const depositRows = await db
      .selectFrom('deposits')
      .select(['tx_hash', 'status', 'amount'])
      .where('network', '=', NETWORK)
      .execute();
    const finalChain = createPublicClient({
      transport: http(readDeployment(join(dataDir, 'devchain', 'deployment.json')).rpcUrl),
    });
    for (const d of acks.deposits) {
      const rows = depositRows.filter((r) => r.tx_hash.toLowerCase() === d.tx.toLowerCase());
      if (rows.length !== 1 || rows[0]!.status !== 'credited') {
        const receipt = await finalChain
          .getTransactionReceipt({ hash: d.tx })
          .then((r) => `in block ${r.blockNumber}`)
          .catch(() => 'not on the chain');
        problems.push(
          `deposit ${d.tx} (${receipt}, acknowledged in block ${d.block}): ${rows.length} rows (${rows.map((r) => r.status)})`,
        );
      }
    }
    const keys = new Set(
      (await db.selectFrom('journal_entries').select('idempotency_key').execute()).map(
        (r) => r.idempotency_key,
      ),
    );
    const creditEntries = [...keys].filter((k) => k.startsWith(`deposit:${NETWORK}:`));
    if (creditEntries.length !== depositRows.filter((r) => r.status === 'credited').length) {
      problems.push(
        `${creditEntries.length} deposit entries for ${depositRows.length} credited deposits`,
      );
    }

    // 2. Robots: every acknowledged creation funded, every acknowledged stop paid back.
    const robots = new Map(
      (await db.selectFrom('robots').select(['id', 'status']).execute()).map((r) => [
        String(r.id),
        r.status,
      ]),
    );
    for (const id of acks.robotsCreated) {
      if (!robots.has(id)) problems.push(`robot ${id} acknowledged but missing`);
      if (!keys.has(`robot:${id}:fund`)) problems.push(`robot ${id} never funded`);
    }
    for (const id of acks.robotsStarted) {
      if (robots.get(id) === 'not_started') problems.push(`robot ${id} started but not running`);
    }
    for (const id of acks.robotsStopped) {
      if (!keys.has(`robot:${id}:return`)) problems.push(`robot ${id} stopped but not paid back`);
    }

    // 3. Withdrawals: every acknowledged one there and confirmed; on chain, each paid once.
    const withdrawals = await db
      .selectFrom('withdrawals')
      .select(['id', 'status', 'tx_hash'])
      .execute();
    const byId = new Map(withdrawals.map((w) => [String(w.id), w]));
    for (const w of acks.withdrawals) {
      const row = byId.get(w.id);
      if (!row) problems.push(`withdrawal ${w.id} acknowledged but missing`);
      else if (row.status !== 'confirmed') problems.push(`withdrawal ${w.id} is ${row.status}`);
      if (!keys.has(`withdrawal:${w.id}:freeze`)) problems.push(`withdrawal ${w.id} not frozen`);
    }
    const confirmed = withdrawals.filter((w) => w.status === 'confirmed');
    const transfers = await hotWalletTransfers(deployment);
    const dbHashes = confirmed.map((w) => (w.tx_hash ?? '').toLowerCase()).sort();
    const chainHashes = transfers.map((t) => t.tx.toLowerCase()).sort();
    if (JSON.stringify(dbHashes) !== JSON.stringify(chainHashes)) {
      problems.push(
        `on chain ${chainHashes.length} transfers from the hot wallet, ${dbHashes.length} confirmed withdrawals`,
      );
    }
    const paid = new Map<string, number>();
    for (const t of transfers)
      paid.set(`${t.to}:${t.value}`, (paid.get(`${t.to}:${t.value}`) ?? 0) + 1);
    for (const [key, n] of paid) if (n > 1) problems.push(`paid ${n} times on chain: ${key}`);

    // 4. The ledger's audit, as an operator runs it.
    const audit = await runCli(database.url, ['ledger:audit'], { PG_DATA_DIR: env.PG_DATA_DIR! });
    if (audit.exitCode !== 0) problems.push(`audit: ${JSON.stringify(audit.json)}`);

    return {
      acks,
      kills: options.kills,
      restartMs,
      problems,
      journal,
      chainWithdrawalTransfers: transfers.length,
      confirmedWithdrawals: confirmed.length,
      auditOk: audit.exitCode === 0,
      durationMs: Date.now() - started,
    };
  } finally {
    await olive?.stop('SIGTERM');
    await desk.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every USDT transfer out of the hot wallet on the devchain's BEP20 contract. */
async function hotWalletTransfers(deployment: DevchainDeployment) {
  const client = createPublicClient({ transport: http(deployment.rpcUrl) });
  const logs = await client.getLogs({
    address: deployment.contracts[NETWORK].address as Hex,
    event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
    args: { from: deployment.hotWallet.address as Hex },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  return logs.map((l) => ({
    tx: l.transactionHash!,
    to: l.args.to!.toLowerCase(),
    value: l.args.value!.toString(),
  }));
}
