// Operator commands for robots: disable or enable one (a disabled robot cannot start),
// and the performance fee taken from settled profit.
import { parseAmount } from '@olive/protocol';
import { required, UsageError, type Command } from '../../cli/command.ts';
import { settingsRepository } from '../support/settings.repository.ts';
import { robotRepository } from './robot.repository.ts';
import { PERFORMANCE_FEE_KEY } from './robot.service.ts';

function robotId(flags: Record<string, string | undefined>) {
  const id = required(flags, 'id');
  if (!/^[1-9]\d{0,18}$/.test(id)) throw new UsageError('--id must be a robot id');
  return id;
}

function toggle(disabled: boolean): Command {
  return {
    summary: disabled
      ? 'Disable a robot: it cannot be started (a running one runs until its owner stops it) (--id)'
      : 'Enable a disabled robot again (--id)',
    flags: ['id'],
    run: async ({ database, flags }) => {
      const row = await robotRepository(database.db).setDisabled(
        robotId(flags),
        disabled,
        new Date(),
      );
      if (!row) throw new UsageError('no robot with this id');
      return { result: { robot_id: row.id, status: row.status, disabled: row.disabled } };
    },
  };
}

export const robotCommands: Record<string, Command> = {
  'robots:disable': toggle(true),
  'robots:enable': toggle(false),
  'robots:performance-fee': {
    summary: 'The share of settled robot profit the platform keeps, 0 to 1 (--rate 0.2)',
    flags: ['rate'],
    run: async ({ database, flags }) => {
      const text = required(flags, 'rate').trim();
      let units: bigint;
      try {
        units = parseAmount(text);
      } catch {
        throw new UsageError('--rate must be a decimal from 0 to 1, e.g. 0.2');
      }
      if (units < 0n || units > 100_000_000n) {
        throw new UsageError('--rate must be a decimal from 0 to 1, e.g. 0.2');
      }
      await settingsRepository(database.db).put(PERFORMANCE_FEE_KEY, text);
      return { result: { [PERFORMANCE_FEE_KEY]: text } };
    },
  },
};
