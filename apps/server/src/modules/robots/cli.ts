// Operator commands for robots: disable or enable one (a disabled robot cannot start),
// close or open a market to new robots, and the performance and maker fees. The same
// service as the console's (robotOperations).
import { required, UsageError, type Command, type CliContext } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { systemClock } from '../../ports/clock.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { MAKER_FEE_KEY } from './robot.fees.ts';
import { robotOperations } from './operations.service.ts';
import { robotRepository } from './robot.repository.ts';
import { PERFORMANCE_FEE_KEY } from './robot.service.ts';

function operations(context: CliContext) {
  const db = context.database.db;
  return robotOperations({
    repo: robotRepository(db),
    settings: settingsRepository(db),
    clock: systemClock,
  });
}

async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      if (error.key === 'admin.not_found') throw new UsageError('no robot or market with this id');
      throw new UsageError(translate('en', error.key, error.params));
    }
    throw error;
  }
}

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
    run: async (context) => {
      const { after } = await explained(() =>
        operations(context).setDisabled(robotId(context.flags), disabled),
      );
      return { result: { robot_id: after.id, status: after.status, disabled: after.disabled } };
    },
  };
}

function market(enabled: boolean): Command {
  return {
    summary: enabled
      ? 'Open a market to new robots again (--market BTC/USDT)'
      : 'Close a market to new robots; running ones run on until stopped (--market BTC/USDT)',
    flags: ['market'],
    run: async (context) => {
      const id = required(context.flags, 'market');
      await explained(() => operations(context).setMarketEnabled(id, enabled));
      return { result: { market: id, enabled } };
    },
  };
}

export const robotCommands: Record<string, Command> = {
  'robots:disable': toggle(true),
  'robots:enable': toggle(false),
  'robots:market-close': market(false),
  'robots:market-open': market(true),
  'robots:performance-fee': {
    summary: 'The share of settled robot profit the platform keeps, 0 to 1 (--rate 0.2)',
    flags: ['rate'],
    run: async (context) => {
      const text = required(context.flags, 'rate');
      try {
        await operations(context).setFees({ performance_fee: text });
      } catch (error) {
        if (error instanceof AppError) {
          throw new UsageError('--rate must be a decimal from 0 to 1, e.g. 0.2');
        }
        throw error;
      }
      return { result: { [PERFORMANCE_FEE_KEY]: text } };
    },
  },
  'robots:maker-fee': {
    summary:
      "The fee a grid's resting limit orders pay when they fill, 0 to 0.01 (--rate 0.0002); market orders keep the 0.1% taker fee",
    flags: ['rate'],
    run: async (context) => {
      const text = required(context.flags, 'rate');
      try {
        await operations(context).setFees({ maker_fee: text });
      } catch (error) {
        if (error instanceof AppError) {
          throw new UsageError('--rate must be a decimal from 0 to 0.01, e.g. 0.0002');
        }
        throw error;
      }
      return { result: { [MAKER_FEE_KEY]: text } };
    },
  },
};
