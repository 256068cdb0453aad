// The operator commands as `npm run cli` runs them, on a test database: the audit's
// report and exit code, and adjustments as documented entries with reason and operator.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../../../test/users.ts';
import { UsageError } from '../../commands/command.ts';
import { loadConfig } from '../../config.ts';
import type { OpenDatabase } from '../../db/open.ts';
import { runCli } from '../../../test/cli.ts';
import { ledgerCommands } from './cli.ts';
import type { AuditReport } from './audit.service.ts';

let database: TestDatabase;
let open: OpenDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  open = { db: database.db, url: database.url, embedded: null, close: async () => {} };
});
afterAll(() => database.drop());

const run = (name: string, flags: Record<string, string> = {}) =>
  ledgerCommands[name]!.run({ database: open, config: loadConfig(), flags });
/** `ledger:audit`, composed at the top (src/audit.ts) from the ledger's and each module's checks. */
const runAudit = async () => {
  const { exitCode, json } = await runCli(database.url, ['ledger:audit']);
  return { result: json, exitCode };
};

describe('ledger:adjust and ledger:audit', () => {
  it('audits an empty ledger as whole', async () => {
    const { result, exitCode } = await runAudit();
    expect(exitCode).toBe(0);
    expect((result as unknown as AuditReport).ok).toBe(true);
    expect((result as unknown as AuditReport).checks.map((c) => c.name)).toEqual([
      'entries_balanced',
      'no_negative_balances',
      'balances_equal_postings',
      'balance_after_consistent',
      'postings_name_entries_and_accounts',
      'documented_kinds_and_flows',
      'custody_equals_deposits_less_withdrawals',
      'ledger_sums_to_zero',
      'custody_on_chain',
      'pending_commissions_match_open_fees',
      'mining_terms_paid',
      'mining_payouts_cover_paid_terms',
      'robot_profit_shares_match_ledger',
    ]);
  });

  it('credits and debits with the reason and the operator on the entry', async () => {
    const user = await insertUser(database.db);
    const flags = { user: user.id, reason: 'compensation for ticket 81', operator: '3' };
    const credit = await run('ledger:adjust', { ...flags, amount: '12.5', key: 'ticket-81' });
    expect(credit.result).toMatchObject({
      kind: 'adjustment_credit',
      amount: '12.5',
      balance: '12.5',
      replayed: false,
    });
    // The same --key again posts nothing new.
    const again = await run('ledger:adjust', { ...flags, amount: '12.5', key: 'ticket-81' });
    expect(again.result).toMatchObject({ replayed: true, balance: '12.5' });
    const debit = await run('ledger:adjust', { ...flags, amount: '-2.25' });
    expect(debit.result).toMatchObject({ kind: 'adjustment_debit', balance: '10.25' });

    const entries = await database.db
      .selectFrom('journal_entries')
      .select(['kind', 'reason', 'operator_id'])
      .where('kind', 'like', 'adjustment%')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'adjustment_credit', reason: flags.reason, operator_id: '3' },
      { kind: 'adjustment_debit', reason: flags.reason, operator_id: '3' },
    ]);
  });

  it('refuses to debit below zero, and bad flags', async () => {
    const user = await insertUser(database.db);
    const flags = { user: user.id, reason: 'r', operator: '3' };
    expect(await run('ledger:adjust', { ...flags, amount: '-1' })).toEqual({
      result: { error: 'Insufficient balance.' },
      exitCode: 1,
    });
    await expect(run('ledger:adjust', { ...flags, amount: '0' })).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run('ledger:adjust', { ...flags, amount: '1.123456789' })).rejects.toThrow(
      /at most 8 decimals/,
    );
    await expect(run('ledger:adjust', { ...flags, user: '999999', amount: '1' })).rejects.toThrow(
      /no user/,
    );
    await expect(
      run('ledger:adjust', { user: user.id, amount: '1', operator: '3' }),
    ).rejects.toThrow(/--reason is required/);
  });

  it('exits 1 with a readable report when an invariant is broken', async () => {
    const user = await insertUser(database.db);
    await run('ledger:adjust', { user: user.id, amount: '5', reason: 'r', operator: '1' });
    // Simulate tampering: a balance moved without a posting.
    await database.db
      .updateTable('accounts')
      .set({ balance: '1' })
      .where('user_id', '=', user.id)
      .execute();
    const { result, exitCode } = await runAudit();
    const report = result as unknown as AuditReport;
    expect(exitCode).toBe(1);
    expect(report.ok).toBe(false);
    const failed = report.checks.find((c) => c.name === 'balances_equal_postings')!;
    expect(failed.ok).toBe(false);
    expect(failed.detail).toMatch(/stored 0\.00000001 USDT, postings 5 USDT/);
    // Put it back so nothing else in this file sees a broken ledger.
    await database.db
      .updateTable('accounts')
      .set({ balance: '500000000' })
      .where('user_id', '=', user.id)
      .execute();
    expect((await runAudit()).exitCode).toBe(0);
  });
});

describe('npm run audit as a process', () => {
  const cli = fileURLToPath(new URL('../../cli.ts', import.meta.url));
  const audit = () =>
    new Promise<{ code: number | null; report: AuditReport }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', cli, 'ledger:audit'],
        { env: { ...process.env, DATABASE_URL: database.url } },
        (error, stdout) =>
          resolve({
            code: error ? (error.code as number) : 0,
            report: JSON.parse(stdout) as AuditReport,
          }),
      );
    });

  it('exits 0 when every check holds and 1 when one fails', async () => {
    expect((await audit()).code).toBe(0);
    const user = await insertUser(database.db);
    await run('ledger:adjust', { user: user.id, amount: '1', reason: 'r', operator: '1' });
    await database.db
      .updateTable('accounts')
      .set({ balance: '7' })
      .where('user_id', '=', user.id)
      .execute();
    const broken = await audit();
    expect(broken.code).toBe(1);
    expect(broken.report.ok).toBe(false);
    await database.db
      .updateTable('accounts')
      .set({ balance: '100000000' })
      .where('user_id', '=', user.id)
      .execute();
    // Two CLI processes, each starting tsx and reading the generated database credentials.
  }, 120_000);
});
