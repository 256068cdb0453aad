// Operator commands for the wallet: network settings, withdrawal review, address resets,
// and (demo and tests only) sending and reading test USDT on the local devchain.
import { resolve } from 'node:path';
import { devchainCommands } from '@olive/devchain';
import { formatAmount, parseAmount } from '@olive/protocol';
import { required, UsageError, type Command } from '../../cli/command.ts';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { systemClock } from '../../ports/clock.ts';
import { ledgerRepository } from '../ledger/ledger.repository.ts';
import { ledgerService } from '../ledger/ledger.service.ts';
import { settingsRepository } from '../support/settings.repository.ts';
import { userRepository } from '../users/user.repository.ts';
import { depositRepository } from './deposit.repository.ts';
import { isNetwork, type Network } from './networks.ts';
import { withdrawalRepository } from './withdrawal.repository.ts';
import { withdrawalService } from './withdrawal.service.ts';

const deploymentFile = () => resolve(loadConfig().PG_DATA_DIR, '..', 'devchain', 'deployment.json');

function network(flags: Record<string, string | undefined>): Network {
  const value = required(flags, 'network');
  if (!isNetwork(value)) throw new UsageError('--network must be erc20, bep20 or trc20');
  return value;
}

function withdrawals(db: Parameters<typeof withdrawalRepository>[0]) {
  return withdrawalService({
    repo: withdrawalRepository(db),
    deposits: depositRepository(db),
    users: userRepository(db),
    ledger: ledgerService(ledgerRepository(db)),
    settings: settingsRepository(db),
    clock: systemClock,
  });
}

/** Refusals read as the investor would read them, in English. */
async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(translate('en', error.key, error.params));
    throw error;
  }
}

const MONEY_FIELDS = [
  'min_deposit',
  'min_withdrawal',
  'withdrawal_fee',
  'daily_withdrawal_limit',
] as const;

export const walletCommands: Record<string, Command> = {
  'devchain:send': {
    summary: 'Demo only: send test USDT on the local devchain (--network --to --amount)',
    flags: ['network', 'to', 'amount'],
    run: async ({ flags }) => ({
      result: await devchainCommands.send(
        { network: network(flags), to: required(flags, 'to'), amount: required(flags, 'amount') },
        deploymentFile(),
      ),
    }),
  },
  'devchain:balance': {
    summary: 'Demo only: the on-chain test USDT balance of an address (--network --address)',
    flags: ['network', 'address'],
    run: async ({ flags }) => ({
      result: await devchainCommands.balance(
        { network: network(flags), address: required(flags, 'address') },
        deploymentFile(),
      ),
    }),
  },
  'network:get': {
    summary: 'Show the settings of a network (--network)',
    flags: ['network'],
    run: async ({ database, flags }) => {
      const s = await depositRepository(database.db).settings(network(flags));
      return {
        result: {
          ...s,
          ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, formatAmount(BigInt(s[f]))])),
        },
      };
    },
  },
  'network:set': {
    summary:
      'Change a network setting: --network --field <confirmations|min_deposit|min_withdrawal|withdrawal_fee|daily_withdrawal_limit|deposit_enabled|withdraw_enabled|contract_address> --value',
    flags: ['network', 'field', 'value'],
    run: async ({ database, flags }) => {
      const net = network(flags);
      const field = required(flags, 'field');
      const raw = required(flags, 'value');
      let value: string | number | boolean | bigint;
      if ((MONEY_FIELDS as readonly string[]).includes(field)) value = parseAmount(raw);
      else if (field === 'confirmations') value = Number.parseInt(raw, 10);
      else if (field === 'deposit_enabled' || field === 'withdraw_enabled') value = raw === 'true';
      else if (field === 'contract_address') value = raw;
      else throw new UsageError(`unknown field ${field}`);
      await database.db
        .updateTable('network_settings')
        .set({ [field]: value, updated_at: new Date() })
        .where('network', '=', net)
        .execute();
      return { result: { network: net, [field]: raw } };
    },
  },
  'withdraw:pending': {
    summary: 'Withdrawals waiting for review',
    flags: [],
    run: async ({ database }) => {
      const rows = await database.db
        .selectFrom('withdrawals')
        .select(['id', 'user_id', 'network', 'address', 'amount', 'created_at'])
        .where('status', '=', 'pending_review')
        .orderBy('id')
        .execute();
      return {
        result: { pending: rows.map((r) => ({ ...r, amount: formatAmount(BigInt(r.amount)) })) },
      };
    },
  },
  'withdraw:approve': {
    summary: 'Approve a withdrawal waiting for review (--id --operator)',
    flags: ['id', 'operator'],
    run: async ({ database, flags }) => ({
      result: await explained(() =>
        withdrawals(database.db).approve(required(flags, 'id'), required(flags, 'operator')),
      ),
    }),
  },
  'withdraw:reject': {
    summary:
      'Reject a withdrawal waiting for review; its funds are released (--id --operator --reason)',
    flags: ['id', 'operator', 'reason'],
    run: async ({ database, flags }) => ({
      result: await explained(() =>
        withdrawals(database.db).reject(
          required(flags, 'id'),
          required(flags, 'operator'),
          required(flags, 'reason'),
        ),
      ),
    }),
  },
  'withdraw:reset-address': {
    summary:
      "After review, clear a user's saved withdrawal address (--user --network --operator --reason)",
    flags: ['user', 'network', 'operator', 'reason'],
    run: async ({ database, flags }) => {
      const old = await withdrawals(database.db).resetAddress(
        required(flags, 'user'),
        network(flags),
        required(flags, 'operator'),
        required(flags, 'reason'),
      );
      if (!old) throw new UsageError('no saved address for this user and network');
      return { result: { reset: true, old_address: old } };
    },
  },
  'withdraw:auto-approve-max': {
    summary: 'Withdrawals up to this amount are sent without review (--amount)',
    flags: ['amount'],
    run: async ({ database, flags }) => {
      const amount = formatAmount(parseAmount(required(flags, 'amount')));
      await settingsRepository(database.db).put('withdrawal_auto_approve_max', amount);
      return { result: { withdrawal_auto_approve_max: amount } };
    },
  },
};
