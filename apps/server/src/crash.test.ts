// Crash safety of the whole product (issue 17, CI-sized): `npm start`'s process group is
// killed with SIGKILL at random moments under a mixed load of deposits, robot starts,
// settlements and stops, and withdrawals, and started again each time. Every operation the
// server or the chain acknowledged is there exactly once, no withdrawal was paid twice on
// chain, and the audit holds. `bench/crash/npm-start.ts` runs this file with 20 kills
// (OLIVE_CRASH_KILLS, OLIVE_CRASH_INVESTORS) and keeps the report (OLIVE_CRASH_REPORT).
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { crashRun } from '../test/crash.ts';

const kills = Number(process.env.OLIVE_CRASH_KILLS ?? 4);
const investors = Number(process.env.OLIVE_CRASH_INVESTORS ?? 6);

describe('npm start killed with SIGKILL under load', () => {
  it(
    'keeps every acknowledged operation exactly once and pays no withdrawal twice',
    async () => {
      const report = await crashRun({
        kills,
        investors,
        upMs: kills > 4 ? [2000, 8000] : [1500, 4000],
        enough: (a) =>
          a.deposits.length > 10 &&
          a.robotsCreated.length > 3 &&
          a.robotsStopped.length > 0 &&
          a.withdrawals.length > 3,
        log: process.env.OLIVE_CRASH_REPORT
          ? (line) => void process.stdout.write(`${line}\n`)
          : undefined,
      });
      if (process.env.OLIVE_CRASH_REPORT) {
        await writeFile(process.env.OLIVE_CRASH_REPORT, JSON.stringify(report, null, 2));
      }
      expect(report.problems, report.journal.join('\n')).toEqual([]);
      expect(report.auditOk).toBe(true);
      // The load really happened, on both sides of the kills.
      const { acks } = report;
      const why = JSON.stringify({ refused: acks.refused, unanswered: acks.unanswered });
      expect(acks.deposits.length, why).toBeGreaterThan(10);
      expect(acks.robotsCreated.length, why).toBeGreaterThan(3);
      expect(acks.robotsStopped.length, why).toBeGreaterThan(0);
      expect(acks.withdrawals.length, why).toBeGreaterThan(3);
      expect(report.confirmedWithdrawals).toBeGreaterThanOrEqual(acks.withdrawals.length);
      expect(report.chainWithdrawalTransfers).toBe(report.confirmedWithdrawals);
    },
    300_000 + kills * 30_000,
  );
});
