// Operator accounts on the command line: the first operator is created here (the console
// creates the rest). Prints the operator and a one-time password: sign in with it at
// /admin/, enrol TOTP, then change it (docs/admin-api.md).
import { required, UsageError, type Command } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { systemClock } from '../../ports/clock.ts';
import { memoryCounters } from '../auth/counters.ts';
import { adminTranslate } from './i18n.ts';
import { operatorRepository } from './operator.repository.ts';
import { operatorService } from './operator.service.ts';
import { ROLES } from './permissions.ts';

export const adminCommands: Record<string, Command> = {
  'operator:create': {
    summary: `Create an operator of the console (--email --role ${ROLES.join('|')}); prints a one-time password`,
    flags: ['email', 'role'],
    run: async ({ database, flags }) => {
      const role = required(flags, 'role');
      if (!(ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      }
      const operators = operatorService({
        repo: operatorRepository(database.db),
        counters: memoryCounters(systemClock),
        clock: systemClock,
        idleMs: 60_000,
        absoluteMs: 60_000,
      });
      try {
        const created = await operators.create({ email: required(flags, 'email'), role });
        return {
          result: {
            operator_id: created.id,
            email: created.email,
            role: created.role,
            password: created.password,
          },
        };
      } catch (error) {
        if (error instanceof AppError) {
          throw new UsageError(adminTranslate('en', error.key, error.params));
        }
        throw error;
      }
    },
  },
};
