// The full crash test (issue 17): `npm start`'s whole process group killed with SIGKILL 20
// times at random moments under a mixed load (deposits on the devchain, robot creations,
// starts, settlements and stops, withdrawals), restarted each time; then every operation
// the server or the chain acknowledged must be there exactly once, no withdrawal paid twice
// on chain, and `ledger:audit` clean. It runs the CI-sized test (apps/server/src/crash.test.ts,
// driver apps/server/test/crash.ts) through Vitest, which provides the test database, with
// more kills and investors, and summarises its report into bench/results/crash.json.
// Run: [DATABASE_URL=postgres://...] npx tsx bench/crash/npm-start.ts [kills=20] [investors=10]
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrashReport } from '../../apps/server/test/crash.ts';

const kills = process.argv[2] ?? '20';
const investors = process.argv[3] ?? '10';
const reportFile = join(tmpdir(), `olive-crash-${process.pid}.json`);
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/src/crash.test.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      OLIVE_CRASH_KILLS: kills,
      OLIVE_CRASH_INVESTORS: investors,
      OLIVE_CRASH_REPORT: reportFile,
    },
  },
);
const report = JSON.parse(await readFile(reportFile, 'utf8')) as CrashReport;
const { acks } = report;
const sorted = [...report.restartMs].sort((a, b) => a - b);
const figures = {
  date: new Date().toISOString().slice(0, 10),
  kills: report.kills,
  investors: Number(investors),
  duration_s: Math.round(report.durationMs / 1000),
  restart_ms: { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) },
  acknowledged: {
    deposits: acks.deposits.length,
    robots_created: acks.robotsCreated.length,
    robots_started: acks.robotsStarted.length,
    robots_settled: acks.robotsSettled.length,
    robots_stopped: acks.robotsStopped.length,
    withdrawals: acks.withdrawals.length,
  },
  unanswered_calls: acks.unanswered,
  // Refusals by message, the seconds of "try again in N seconds" folded together.
  refused: Object.entries(acks.refused).reduce<Record<string, number>>((all, [msg, n]) => {
    const key = msg.replace(/\d+/g, 'N');
    all[key] = (all[key] ?? 0) + n;
    return all;
  }, {}),
  confirmed_withdrawals: report.confirmedWithdrawals,
  hot_wallet_transfers_on_chain: report.chainWithdrawalTransfers,
  audit_ok: report.auditOk,
  problems: report.problems,
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
await writeFile(
  new URL('../results/crash.json', import.meta.url),
  `${JSON.stringify(figures, null, 2)}\n`,
);
process.exit(run.status ?? 1);
