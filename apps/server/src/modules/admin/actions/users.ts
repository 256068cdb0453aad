// users/*, an investor's ledger entries, the dashboard and the ledger audit: calls that
// read several modules at once (an investor's record joins ledger, wallet and team).
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { AmountField, amountRefusal, formatAmount, parseAmount } from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../../errors.ts';
import { InsufficientBalanceError } from '../../ledger/ledger.service.ts';
import type { AdminDeps } from '../deps.ts';
import { ID, listAction, listBody, listQuery, showAction } from '../../../console/list.ts';
import { action } from '../../../console/action.ts';

const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
const Network = Type.Union(NETWORKS.map((n) => Type.Literal(n)));
const Reason = Type.String({ minLength: 1, maxLength: 500 });
const Scope = Type.Union([Type.Literal('sign_in'), Type.Literal('withdrawals')]);

const DAY_MS = 86_400_000;
/** A change this recent (password, second factor, the saved address) is a risk signal. */
const RECENT_MS = 7 * DAY_MS;

const startOfDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export function userActions(deps: AdminDeps) {
  const { users, ledger, wallet, withdrawals, team, clock } = deps;

  /**
   * What holds the account now, each with why and until when: an operator's freeze (its
   * reason and who, from the audit log; none for one made on the command line) and the
   * wallet's own holds (the 24 hours after a password change, the fund-password lockout).
   */
  async function holds(record: Awaited<ReturnType<typeof users.get>>) {
    const [wallet, freezes] = await Promise.all([
      withdrawals.holds(record.id),
      record.status === 'frozen' || record.withdrawals_frozen
        ? deps.repo.latestAudit(`user:${record.id}`, 'users.freeze', 20)
        : [],
    ]);
    const freeze = (scope: 'sign_in' | 'withdrawals') => {
      const row = freezes.find((a) => {
        const before = (a.before ?? {}) as { status?: string; withdrawals_frozen?: boolean };
        const after = (a.after ?? {}) as { status?: string; withdrawals_frozen?: boolean };
        return scope === 'sign_in'
          ? after.status === 'frozen' && before.status !== 'frozen'
          : after.withdrawals_frozen === true && before.withdrawals_frozen !== true;
      });
      return {
        kind: scope === 'sign_in' ? 'sign_in_frozen' : 'withdrawals_frozen',
        until: null,
        reason: row?.reason ?? null,
        by: row?.operator_email ?? null,
        since: row ? new Date(row.at).toISOString() : null,
      };
    };
    return [
      ...(record.status === 'frozen' ? [freeze('sign_in')] : []),
      ...(record.withdrawals_frozen ? [freeze('withdrawals')] : []),
      ...wallet.map((h) => ({ ...h, reason: null, by: null, since: null })),
    ];
  }

  async function show(id: string) {
    const record = await users.get(id);
    const [balances, saved, teamInfo, deposit, twoFactor, held] = await Promise.all([
      ledger.userBalances(id),
      withdrawals.addresses(id),
      team.team(id),
      Promise.all(
        NETWORKS.map(async (n) => [n, await deps.depositAddress(id, n).catch(() => '')] as const),
      ),
      deps.twoFactor(id),
      holds(record),
    ]);
    return {
      ...record,
      two_factor: twoFactor,
      holds: held,
      balance: formatAmount(balances.available),
      frozen: formatAmount(balances.frozen),
      balances: {
        available: formatAmount(balances.available),
        frozen: formatAmount(balances.frozen),
        robot_principal: formatAmount(balances.trading_principal),
        robot_pnl: formatAmount(balances.undistributed_earnings),
        mining: formatAmount(balances.mining),
        total: formatAmount(balances.total_assets),
      },
      deposit_addresses: Object.fromEntries(deposit),
      withdrawal_addresses: saved,
      team: {
        inviter_id: record.inviter_id,
        team_count: teamInfo.team_count,
        performance: teamInfo.performance,
        team_earnings: teamInfo.team_earnings,
      },
    };
  }

  function freezer(frozen: boolean) {
    return action({
      path: frozen ? 'users/freeze' : 'users/unfreeze',
      permission: frozen ? 'users.freeze' : 'users.unfreeze',
      writes: true,
      body: { id: ID, scope: Scope, reason: Reason },
      async run(body, call) {
        if (body.scope === 'sign_in') call.require('users.freeze-sign-in');
        const { before, after } = await users.setFrozen(body.id, body.scope, frozen);
        return {
          data: after,
          audit: { target: `user:${body.id}`, before, after, reason: body.reason },
        };
      },
    });
  }

  /**
   * Custody on chain: read live from this installation's chains (the devchain too); with
   * none, the latest proof-of-reserves snapshot's reading.
   */
  async function custodyOnChain() {
    if (deps.custodyOnChain) {
      const reading = await deps.custodyOnChain();
      return {
        total: reading.total === null ? null : formatAmount(reading.total),
        at: reading.at.toISOString(),
        source: 'chain' as const,
        error: reading.error,
      };
    }
    const snapshot = await deps.latestReserves();
    return {
      total: snapshot?.reserves ?? null,
      at: snapshot?.taken_at ?? null,
      source: snapshot ? ('snapshot' as const) : null,
      error: null,
    };
  }

  return [
    listAction(
      'users',
      {
        sortable: ['id', 'created_at', 'balance'],
        filters: {
          status: ['active', 'frozen'],
          withdrawals_frozen: 'bool',
          inviter_id: 'id',
        },
      },
      (query) => users.list(query),
    ),
    showAction('users', (id) => show(id)),
    freezer(true),
    freezer(false),
    action({
      path: 'users/sessions',
      permission: 'users.sessions',
      writes: false,
      body: { id: ID },
      run: async (body) => {
        const list = await users.sessions(body.id);
        return { data: { list, total: list.length } };
      },
    }),
    action({
      path: 'users/sign-ins',
      permission: 'users.sign-ins',
      writes: false,
      body: { id: ID },
      run: async (body) => {
        const list = await users.signIns(body.id);
        return { data: { list, total: list.length } };
      },
    }),
    action({
      path: 'users/end-session',
      permission: 'users.end-session',
      writes: true,
      body: { id: ID, session_id: ID },
      async run(body) {
        await users.endSession(body.id, body.session_id);
        return {
          data: { ended: 1 },
          audit: { target: `user:${body.id}`, after: { session_id: body.session_id } },
        };
      },
    }),
    action({
      path: 'users/end-sessions',
      permission: 'users.end-sessions',
      writes: true,
      body: { id: ID },
      async run(body) {
        const ended = await users.endAllSessions(body.id);
        return { data: { ended }, audit: { target: `user:${body.id}`, after: { ended } } };
      },
    }),
    action({
      path: 'withdrawals/review',
      permission: 'withdrawals.review',
      writes: false,
      body: { id: ID },
      async run(body) {
        const review = await wallet.review(body.id);
        const record = await users.get(review.user_id);
        const [twoFactor, held, changes, demo] = await Promise.all([
          deps.twoFactor(record.id),
          holds(record),
          users.changes(record.id),
          users.demoAmong([record.id]),
        ]);
        const now = clock.now().getTime();
        const recent = (at: Date | string | null) =>
          at !== null && now - new Date(at).getTime() < RECENT_MS;
        const amount = parseAmount(review.withdrawal.amount ?? '0');
        const largest = parseAmount(review.withdrawals.largest);
        const deposited = parseAmount(review.deposits.total);
        const signals = [
          ...(review.address.first_use_by_investor === null ? ['new_address'] : []),
          ...(recent(review.address.saved_at) ? ['address_saved_recently'] : []),
          ...(review.address.other_investors > 0 ? ['address_shared'] : []),
          ...(recent(changes.password_changed_at) ? ['password_changed'] : []),
          ...(recent(changes.fund_password_changed_at) ? ['fund_password_changed'] : []),
          ...(recent(twoFactor.enabled_at) ? ['two_factor_changed'] : []),
          ...(review.withdrawals.count === 0 ? ['first_withdrawal'] : []),
          ...(review.withdrawals.count > 0 && amount > largest * 2n ? ['above_history'] : []),
          ...(amount > deposited ? ['above_deposits'] : []),
          ...(recent(record.created_at) ? ['new_account'] : []),
          ...(held.length > 0 ? ['held'] : []),
        ];
        return {
          data: {
            ...review,
            demo: demo.has(record.id),
            investor: {
              id: record.id,
              account: record.account,
              status: record.status,
              withdrawals_frozen: record.withdrawals_frozen,
              created_at: record.created_at,
              age_days: Math.floor((now - new Date(record.created_at).getTime()) / DAY_MS),
              two_factor: twoFactor.enabled,
            },
            holds: held,
            signals,
          },
        };
      },
    }),
    action({
      path: 'users/reset-address',
      permission: 'users.reset-address',
      writes: true,
      body: { id: ID, network: Network, reason: Reason },
      async run(body, call) {
        await users.get(body.id);
        const old = await withdrawals.resetAddress(
          body.id,
          body.network,
          call.operator.email,
          body.reason,
        );
        if (!old) throw new AppError('admin.not_found', {}, { field: 'network' });
        return {
          data: { reset: true, old_address: old },
          audit: {
            target: `user:${body.id}`,
            before: { network: body.network, address: old },
            after: { network: body.network, address: '' },
            reason: body.reason,
          },
        };
      },
    }),
    action({
      path: 'users/adjust',
      permission: 'users.adjust',
      writes: true,
      body: {
        id: ID,
        amount: AmountField({ signed: true, description: 'USDT; a debit with a minus, "-2.5"' }),
        reason: Type.String({ maxLength: 500 }),
        idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      },
      async run(body, call) {
        if (!body.reason.trim()) throw fieldError('reason', 'validation.required');
        const refusal = amountRefusal(body.amount, { signed: true });
        if (refusal) throw numberError('amount', 'signed_amount', refusal);
        const amount = parseAmount(body.amount, { signed: true });
        if (amount === 0n) throw fieldError('amount', 'admin.amount_zero');
        await users.get(body.id);
        const before = formatAmount((await ledger.userBalances(body.id)).available);
        try {
          const { entry, balance } = await ledger.adjust({
            userId: body.id,
            amount,
            reason: body.reason,
            operatorId: call.operator.email.slice(0, 64),
            idempotencyKey: `console:${body.idempotency_key ?? randomUUID()}`,
          });
          const data = {
            entry_id: entry.id,
            kind: entry.kind,
            amount: formatAmount(amount),
            balance: formatAmount(balance),
            replayed: entry.replayed,
          };
          return {
            data,
            audit: {
              target: `user:${body.id}`,
              before: { balance: before },
              after: data,
              reason: body.reason,
            },
          };
        } catch (error) {
          if (error instanceof InsufficientBalanceError) {
            throw new AppError(error.key, error.params, { field: 'amount' });
          }
          throw error;
        }
      },
    }),
    action({
      path: 'ledger-entries/list',
      permission: 'ledger-entries.list',
      writes: false,
      body: listBody,
      async run(body) {
        const query = listQuery(body, {
          sortable: ['id'],
          filters: { user_id: 'id', kind: 'text', account_kind: 'text' },
          required: ['user_id'],
        });
        const userId = String(query.filters.user_id);
        const [{ rows, total }, demo] = await Promise.all([
          ledger.userPostings(userId, {
            ...(query.filters.kind ? { entryKind: String(query.filters.kind) } : {}),
            ...(query.filters.account_kind
              ? { accountKind: String(query.filters.account_kind) }
              : {}),
            limit: query.limit,
            offset: (query.page - 1) * query.limit,
            order: query.order,
          }),
          users.demoAmong([userId]),
        ]);
        return {
          data: {
            list: rows.map((r) => ({
              id: r.id,
              // Every entry is this investor's: a demo investor's are play money.
              demo: demo.has(userId),
              entry_id: r.entry_id,
              kind: r.kind,
              account_kind: r.account_kind,
              amount: formatAmount(BigInt(r.amount)),
              balance_after: formatAmount(BigInt(r.balance_after)),
              reference: r.reference,
              memo: r.memo,
              reason: r.reason,
              operator_id: r.operator_id,
              created_at: new Date(r.created_at).toISOString(),
            })),
            total,
            page: query.page,
            limit: query.limit,
          },
        };
      },
    }),
    action({
      path: 'dashboard/show',
      permission: 'dashboard.show',
      writes: false,
      body: { id: Type.Optional(Type.String({ maxLength: 40 })) },
      async run() {
        const now = clock.now();
        const since = startOfDay(now);
        const [counts, figures, today, markets, rentals, chain] = await Promise.all([
          users.counts(since),
          ledger.platformFigures(since),
          wallet.today(since),
          deps.robots.markets(),
          deps.mining.activeRentals(),
          custodyOnChain(),
        ]);
        const ratio =
          figures.liabilities === 0n
            ? null
            : (Number((figures.custody * 10_000n) / figures.liabilities) / 10_000).toString();
        return {
          data: {
            id: 'dashboard',
            // Demo investors are no customers: counted apart, never among the new ones.
            users_total: counts.total,
            users_today: counts.today,
            demo: {
              users: counts.demo,
              balances: formatAmount(figures.demoBalances),
              robots_running: markets.list.reduce((sum, m) => sum + m.robots_running_demo, 0),
              rentals_active: rentals.demo,
            },
            deposits_today: today.deposits,
            withdrawals_today: today.withdrawals,
            fee_revenue: {
              today: formatAmount(figures.feeToday),
              total: formatAmount(figures.feeTotal),
            },
            robots_running: markets.list.reduce((sum, m) => sum + m.robots_running, 0),
            rentals_active: rentals.customers,
            pending_reviews: { withdrawals: today.pending, awaiting_second: today.awaitingSecond },
            solvency: {
              liabilities: formatAmount(figures.liabilities),
              custody_ledger: formatAmount(figures.custody),
              custody_chain: chain.total,
              custody_chain_at: chain.at,
              custody_chain_source: chain.source,
              custody_chain_error: chain.error,
              ratio,
            },
            as_of: now.toISOString(),
          },
        };
      },
    }),
    action({
      path: 'ledger-audit/show',
      permission: 'ledger-audit.show',
      writes: false,
      body: { id: Type.Optional(Type.String({ maxLength: 40 })) },
      run: async () => ({ data: await deps.ledgerAudit() }),
    }),
  ];
}
