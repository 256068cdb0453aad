// Operator commands for the ledger: balance adjustments, documented entry kinds carrying
// the operator's id and a reason. The audit (`ledger:audit`, `npm run audit`) is composed
// at the top, in ../../cli-runner.ts with ../../audit.ts.
import { randomUUID } from 'node:crypto';
import { formatAmount, parseAmount } from '@olive/protocol';
import { required, UsageError, type Command } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { ledgerService } from './ledger.service.ts';

export const ledgerCommands: Record<string, Command> = {
  'ledger:adjust': {
    summary:
      'Credit or debit a user balance: --user <id> --amount <USDT, a debit as --amount=-2.5> --reason <why> --operator <id> [--key <idempotency key>]',
    flags: ['user', 'amount', 'reason', 'operator', 'key'],
    run: async ({ database, flags }) => {
      const userId = required(flags, 'user');
      const reason = required(flags, 'reason').trim();
      const operatorId = required(flags, 'operator').trim();
      if (!/^[1-9]\d{0,18}$/.test(userId)) throw new UsageError('--user must be a user id');
      if (!reason) throw new UsageError('--reason is required');
      let amount: bigint;
      try {
        amount = parseAmount(required(flags, 'amount'), { signed: true });
      } catch {
        throw new UsageError('--amount must be a signed decimal with at most 8 decimals');
      }
      if (amount === 0n) throw new UsageError('--amount must not be zero');
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw new UsageError(`no user ${userId}`);

      // The same path as the console's users/adjust.
      const ledger = ledgerService(ledgerRepository(database.db));
      try {
        const { entry, balance } = await ledger.adjust({
          userId,
          amount,
          reason,
          operatorId,
          // A retried command with the same --key posts once.
          idempotencyKey: flags.key ?? randomUUID(),
        });
        return {
          result: {
            entry_id: entry.id,
            kind: entry.kind,
            replayed: entry.replayed,
            user_id: userId,
            amount: formatAmount(amount),
            balance: formatAmount(balance),
          },
        };
      } catch (error) {
        if (error instanceof AppError) {
          return { result: { error: translate('en', error.key, error.params) }, exitCode: 1 };
        }
        throw error;
      }
    },
  },
};
