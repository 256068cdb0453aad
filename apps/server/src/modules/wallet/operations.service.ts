// The operator side of the wallet (console and CLI): deposits and withdrawals with their
// review, network settings, today's figures. Review itself (approve, reject, four-eyes)
// is the withdrawal service's, so the console and `withdraw:approve` are one path.
import { amountRefusal, countRefusal, formatAmount, parseAmount } from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../errors.ts';
import type { ListQuery } from '../../db/list-query.ts';
import { isNetwork, type Network } from './networks.ts';
import type { WalletOperationsRepository } from './operations.repository.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

const amount = (v: string | bigint | null) => (v === null ? null : formatAmount(BigInt(v)));
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const NETWORK_MONEY_FIELDS = [
  'min_deposit',
  'min_withdrawal',
  'withdrawal_fee',
  'daily_withdrawal_limit',
] as const;

/** Confirmations a network may ask for before a deposit is credited. */
export const CONFIRMATIONS = { min: 1, max: 1000 };

export interface NetworkChange {
  /** A number from the console, the text typed on the command line. */
  confirmations?: number | string | undefined;
  min_deposit?: string | undefined;
  min_withdrawal?: string | undefined;
  withdrawal_fee?: string | undefined;
  daily_withdrawal_limit?: string | undefined;
  deposit_enabled?: boolean | undefined;
  withdraw_enabled?: boolean | undefined;
  contract_address?: string | undefined;
}

export function walletOperations(deps: {
  repo: WalletOperationsRepository;
  withdrawals: WithdrawalService;
  fourEyesMin: () => Promise<string>;
}) {
  const { repo, withdrawals } = deps;

  type DepositRow = NonNullable<Awaited<ReturnType<WalletOperationsRepository['deposit']>>>;
  const deposit = (r: DepositRow) => ({
    id: r.id,
    user_id: r.user_id,
    account: r.account,
    network: r.network,
    tx_hash: r.tx_hash,
    log_index: r.log_index,
    block_number: String(r.block_number),
    from_address: r.from_address,
    to_address: r.to_address,
    amount: amount(r.amount),
    status: r.status,
    confirmations: r.confirmations,
    required_confirmations: r.required_confirmations,
    created_at: iso(r.created_at),
    credited_at: iso(r.credited_at),
  });

  type WithdrawalRow = NonNullable<Awaited<ReturnType<WalletOperationsRepository['withdrawal']>>>;
  const withdrawal = (r: WithdrawalRow, fourEyesMin: bigint) => ({
    id: r.id,
    user_id: r.user_id,
    account: r.account,
    network: r.network,
    address: r.address,
    amount: amount(r.amount),
    fee: amount(r.fee),
    receive_amount: amount(r.receive_amount),
    status: r.status,
    needs_two_approvals: BigInt(r.amount) > fourEyesMin,
    first_approved_by: r.first_approved_by,
    reviewed_by: r.reviewed_by,
    review_note: r.review_note,
    tx_hash: r.tx_hash,
    confirmations: r.confirmations,
    failure_reason: r.failure_reason,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  });

  type NetworkRow = Awaited<ReturnType<WalletOperationsRepository['networks']>>[number];
  const network = (r: NetworkRow) => ({
    id: r.network,
    network: r.network,
    confirmations: r.confirmations,
    min_deposit: amount(r.min_deposit),
    min_withdrawal: amount(r.min_withdrawal),
    withdrawal_fee: amount(r.withdrawal_fee),
    daily_withdrawal_limit: amount(r.daily_withdrawal_limit),
    deposit_enabled: r.deposit_enabled,
    withdraw_enabled: r.withdraw_enabled,
    contract_address: r.contract_address,
    token_decimals: r.token_decimals,
    updated_at: iso(r.updated_at),
  });

  const fourEyes = async () => parseAmount(await deps.fourEyesMin());

  async function showWithdrawal(id: string) {
    const row = await repo.withdrawal(id);
    if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
    return withdrawal(row, await fourEyes());
  }

  async function showNetwork(id: string) {
    const row = (await repo.networks()).find((n) => n.network === id);
    if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
    return network(row);
  }

  return {
    async deposits(query: ListQuery) {
      const { rows, total } = await repo.deposits(query);
      return { list: rows.map(deposit), total };
    },
    async deposit(id: string) {
      const row = await repo.deposit(id);
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      return deposit(row);
    },
    async withdrawals(query: ListQuery) {
      const [{ rows, total }, min] = await Promise.all([repo.withdrawals(query), fourEyes()]);
      return { list: rows.map((r) => withdrawal(r, min)), total };
    },
    withdrawal: showWithdrawal,
    /** The withdrawal with the investor's history and its destination's past (review). */
    async review(id: string) {
      const row = await repo.withdrawal(id);
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      const h = await repo.reviewHistory(row);
      const at = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        withdrawal: withdrawal(row, await fourEyes()),
        user_id: row.user_id,
        deposits: {
          count: Number(h.deposited.count),
          total: amount(h.deposited.total)!,
          first_at: at(h.deposited.first_at ? new Date(h.deposited.first_at) : null),
        },
        withdrawals: {
          count: Number(h.withdrawn.count),
          total: amount(h.withdrawn.total)!,
          largest: amount(h.withdrawn.largest)!,
        },
        address: {
          saved_at: at(h.savedAt),
          first_use_by_investor: at(h.firstUseByInvestor),
          first_use_by_anyone: at(h.firstUseByAnyone),
          other_investors: h.otherInvestors,
        },
      };
    },
    async approve(id: string, operator: string) {
      const before = await showWithdrawal(id);
      await withdrawals.approve(id, operator);
      return { before, after: await showWithdrawal(id) };
    },
    async reject(id: string, operator: string, reason: string) {
      if (!reason.trim()) throw fieldError('reason', 'validation.required');
      const before = await showWithdrawal(id);
      await withdrawals.reject(id, operator, reason.trim());
      return { before, after: await showWithdrawal(id) };
    },
    async networks() {
      const list = (await repo.networks()).map(network);
      return { list, total: list.length };
    },
    network: showNetwork,
    /** Changes a network's settings; the investor app reads them on its next call. */
    async setNetwork(id: string, change: NetworkChange) {
      if (!isNetwork(id)) throw new AppError('admin.not_found', {}, { field: 'id' });
      const before = await showNetwork(id);
      const values: Record<string, unknown> = {};
      for (const field of NETWORK_MONEY_FIELDS) {
        const text = change[field];
        if (text === undefined) continue;
        const refusal = amountRefusal(text);
        if (refusal) throw numberError(field, 'amount', refusal);
        values[field] = parseAmount(text);
      }
      if (change.confirmations !== undefined) {
        // The console's schema bounds it too; the command line comes here directly.
        const refusal = countRefusal(change.confirmations, CONFIRMATIONS);
        if (refusal) throw numberError('confirmations', 'count', refusal);
        values.confirmations = Number(change.confirmations);
      }
      if (change.deposit_enabled !== undefined) values.deposit_enabled = change.deposit_enabled;
      if (change.withdraw_enabled !== undefined) values.withdraw_enabled = change.withdraw_enabled;
      if (change.contract_address !== undefined) values.contract_address = change.contract_address;
      if (Object.keys(values).length > 0) await repo.updateNetwork(id as Network, values);
      return { before, after: await showNetwork(id) };
    },
    async today(since: Date) {
      const r = await repo.today(since);
      return {
        deposits: { count: Number(r.deposit_count), amount: amount(r.deposit_amount)! },
        withdrawals: { count: Number(r.withdrawal_count), amount: amount(r.withdrawal_amount)! },
        pending: Number(r.pending),
        awaitingSecond: Number(r.awaiting_second),
      };
    },
  };
}

export type WalletOperations = ReturnType<typeof walletOperations>;
