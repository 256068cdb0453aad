// Operator commands for the wallet: network settings, withdrawal review, address resets,
// and (demo and tests only) sending and reading test USDT on the local devchain.
import { resolve } from 'node:path';
import { devchainCommands } from '@olive/devchain';
import { amountRefusal, countRefusal } from '@olive/protocol';
import { required, UsageError, type Command } from '../../commands/command.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { systemClock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { fundPasswordOn } from '../security/fund-password.service.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import { walletAlarms } from './alarms.ts';
import { depositRepository } from './deposit.repository.ts';
import { isNetwork, type Network } from './networks.ts';
import { withdrawalRepository } from './withdrawal.repository.ts';
import { withdrawalService } from './withdrawal.service.ts';
import { AWAITING_REVIEW } from './withdrawal.states.ts';
import { walletOperationsRepository } from './operations.repository.ts';
import { walletOperations, type NetworkChange } from './operations.service.ts';

const deploymentFile = (config: Config) =>
  resolve(config.PG_DATA_DIR, '..', 'devchain', 'deployment.json');

function network(flags: Record<string, string | undefined>): Network {
  const value = required(flags, 'network');
  if (!isNetwork(value)) throw new UsageError('--network must be erc20, bep20 or trc20');
  return value;
}

/** Other modules' services on the command's database, wired by the CLI runner. */
export interface WalletCommandNeeds {
  ledger(db: Db): LedgerService;
  users(db: Db): UsersService;
}

function withdrawals(on: WalletCommandNeeds, db: Db) {
  return withdrawalService({
    repo: withdrawalRepository(db),
    deposits: depositRepository(db),
    users: on.users(db),
    ledger: on.ledger(db),
    settings: settingsRepository(db),
    clock: systemClock,
    fundPassword: fundPasswordOn(db, systemClock),
  });
}

/** The console's wallet service, on the CLI's database. */
function operations(on: WalletCommandNeeds, db: Db) {
  const service = withdrawals(on, db);
  return walletOperations({
    repo: walletOperationsRepository(db),
    withdrawals: service,
    fourEyesMin: async () => (await service.policy()).four_eyes_min,
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

export function walletCommands(on: WalletCommandNeeds): Record<string, Command> {
  return {
    'devchain:send': {
      summary: 'Demo only: send test USDT on the local devchain (--network --to --amount)',
      flags: ['network', 'to', 'amount'],
      run: async ({ flags, config }) => {
        const amount = required(flags, 'amount');
        if (amountRefusal(amount, { min: 1n })) {
          throw new UsageError('--amount must be a plain USDT amount above zero, e.g. 50 or 0.5');
        }
        return {
          result: await devchainCommands.send(
            { network: network(flags), to: required(flags, 'to'), amount },
            deploymentFile(config),
          ),
        };
      },
    },
    'devchain:balance': {
      summary: 'Demo only: the on-chain test USDT balance of an address (--network --address)',
      flags: ['network', 'address'],
      run: async ({ flags, config }) => ({
        result: await devchainCommands.balance(
          { network: network(flags), address: required(flags, 'address') },
          deploymentFile(config),
        ),
      }),
    },
    'network:get': {
      summary: 'Show the settings of a network (--network)',
      flags: ['network'],
      run: async ({ database, flags }) => {
        const { id: _id, ...settings } = await operations(on, database.db).network(network(flags));
        return { result: settings };
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
        let change: NetworkChange;
        if ((MONEY_FIELDS as readonly string[]).includes(field)) change = { [field]: raw };
        else if (field === 'confirmations') change = { confirmations: raw };
        else if (field === 'deposit_enabled' || field === 'withdraw_enabled') {
          change = { [field]: raw === 'true' };
        } else if (field === 'contract_address') change = { contract_address: raw };
        else throw new UsageError(`unknown field ${field}`);
        // The same path as the console's networks/update.
        await explained(() => operations(on, database.db).setNetwork(net, change));
        return { result: { network: net, [field]: raw } };
      },
    },
    'withdraw:pending': {
      summary: 'Withdrawals waiting for review (the first 100)',
      flags: [],
      run: async ({ database }) => {
        const { list } = await operations(on, database.db).withdrawals({
          page: 1,
          limit: 100,
          sort: 'id',
          order: 'asc',
          filters: { status: AWAITING_REVIEW },
          q: undefined,
        });
        return {
          result: {
            pending: list.map((w) => ({
              id: w.id,
              user_id: w.user_id,
              network: w.network,
              address: w.address,
              amount: w.amount,
              created_at: w.created_at,
              needs_two_approvals: w.needs_two_approvals,
              first_approved_by: w.first_approved_by,
            })),
          },
        };
      },
    },
    'withdraw:approve': {
      summary: 'Approve a withdrawal waiting for review (--id --operator)',
      flags: ['id', 'operator'],
      run: async ({ database, flags }) => ({
        result: await explained(() =>
          withdrawals(on, database.db).approve(required(flags, 'id'), required(flags, 'operator')),
        ),
      }),
    },
    'withdraw:reject': {
      summary:
        'Reject a withdrawal waiting for review; its funds are released (--id --operator --reason)',
      flags: ['id', 'operator', 'reason'],
      run: async ({ database, flags }) => ({
        result: await explained(() =>
          withdrawals(on, database.db).reject(
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
        const old = await withdrawals(on, database.db).resetAddress(
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
        const policy = await explained(() =>
          withdrawals(on, database.db).setPolicy({ auto_approve_max: required(flags, 'amount') }),
        );
        return { result: { withdrawal_auto_approve_max: policy.auto_approve_max } };
      },
    },
    'withdraw:four-eyes-min': {
      summary: 'Withdrawals above this amount need two different operators to approve (--amount)',
      flags: ['amount'],
      run: async ({ database, flags }) => {
        const policy = await explained(() =>
          withdrawals(on, database.db).setPolicy({ four_eyes_min: required(flags, 'amount') }),
        );
        return { result: { withdrawal_four_eyes_min: policy.four_eyes_min } };
      },
    },
    'wallet:alarms': {
      summary:
        'Wallet alarms that stall money on a network (nonce, custody); exit 1 while any is active (--all true: with cleared ones)',
      flags: ['all'],
      run: async ({ database, flags }) => {
        const alarms = await walletAlarms(database.db).list({ all: flags.all !== undefined });
        const active = alarms.filter((a) => a.cleared_at === null);
        return {
          result: {
            active: active.length,
            alarms: alarms.map((a) => ({
              network: a.network,
              kind: a.kind,
              detail: a.detail,
              raised_at: a.raised_at,
              cleared_at: a.cleared_at,
            })),
          },
          exitCode: active.length > 0 ? 1 : 0,
        };
      },
    },
    'wallet:nonce-set': {
      summary:
        "After checking the chain: set the hot wallet's next nonce the sender uses (--scope erc20|bep20|trc20|devchain --address --next)",
      flags: ['scope', 'address', 'next'],
      run: async ({ database, flags }) => {
        const next = required(flags, 'next');
        if (countRefusal(next, { max: Number.MAX_SAFE_INTEGER })) {
          throw new UsageError('--next must be a whole number, written plainly');
        }
        const result = await database.db
          .updateTable('hot_wallet_nonces')
          .set({ next_nonce: next })
          .where('scope', '=', required(flags, 'scope'))
          .where('address', '=', required(flags, 'address'))
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n)
          throw new UsageError('no nonce counter for this scope and address');
        return { result: { scope: flags.scope, address: flags.address, next_nonce: next } };
      },
    },
  };
}
