// Operator commands for mining: pay a day (or every due day), add a machine model, change
// one (the console's service). Amounts are USDT decimals; hash power in TH/s.
import { required, UsageError, type Command } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { systemClock } from '../../ports/clock.ts';
import type { Db } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { marketModule } from '../market/module.ts';
import { dayNumber, isDay } from './feed.ts';
import { miningRepository } from './mining.repository.ts';
import { miningModule } from './module.ts';
import { miningOperations, type modelRecord, type ModelInput } from './operations.service.ts';

const MODEL_FLAGS = [
  'name',
  'algorithm',
  'hash-rate-ths',
  'power-w',
  'price-per-day',
  'electricity-per-day',
  'margin-rate',
  'min-days',
  'stock',
  'enabled',
];

/** The console's model fields from the flags given (only those given). */
function modelInput(flags: Record<string, string | undefined>): ModelInput {
  const f = (name: string) => flags[name]?.trim();
  // Numbers go to the service as typed (not trimmed): it reads them with the one parser.
  const number = (name: string) => flags[name];
  const enabled = f('enabled');
  if (enabled !== undefined && !['true', 'false'].includes(enabled)) {
    throw new UsageError('--enabled must be true or false');
  }
  return {
    name: f('name'),
    algorithm: f('algorithm'),
    hash_rate_ths: number('hash-rate-ths'),
    power_w: number('power-w'),
    price_per_day: number('price-per-day'),
    electricity_per_day: number('electricity-per-day'),
    margin_rate: number('margin-rate'),
    min_days: number('min-days'),
    stock: number('stock'),
    enabled: enabled === undefined ? undefined : enabled === 'true',
  };
}

/** A refusal of the service named as the flag it is about. */
async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      const field = String(error.data?.field ?? '').replace(/_/g, '-');
      if (error.key === 'admin.not_found') throw new UsageError('no model with this id');
      if (error.key === 'admin.stock_below_rented') {
        throw new UsageError(
          `--stock cannot be below the ${error.params.rented} machines rented now`,
        );
      }
      throw new UsageError(
        field ? `--${field}: ${translate('en', error.key, error.params)}` : error.key,
      );
    }
    throw error;
  }
}

/** Other modules' services on the command's database, wired by the CLI runner. */
export interface MiningCommandNeeds {
  ledger(db: Db): LedgerService;
}

const modelResult = (m: ReturnType<typeof modelRecord>) => ({
  model_id: m.id,
  name: m.name,
  algorithm: m.algorithm,
  hash_rate_ths: m.hash_rate_ths,
  power_w: m.power_w,
  price_per_day: m.price_per_day,
  electricity_per_day: m.electricity_per_day,
  margin_rate: m.margin_rate,
  min_days: m.min_days,
  stock: m.stock,
  rented: m.rented,
  enabled: m.enabled,
});

export function miningCommands(on: MiningCommandNeeds): Record<string, Command> {
  return {
    'mining:payout': {
      summary:
        'Pay mining output: every due day up to yesterday (catch-up in order) and renew or expire ended rentals, or one --day YYYY-MM-DD (idempotent)',
      flags: ['day'],
      run: async ({ database, flags, config }) => {
        const clock = systemClock;
        const day = flags.day?.trim();
        const today = clock.now().toISOString().slice(0, 10);
        if (day !== undefined && (!isDay(day) || dayNumber(day) >= dayNumber(today))) {
          throw new UsageError('--day must be a past UTC day, YYYY-MM-DD (today is not over yet)');
        }
        const ledger = on.ledger(database.db);
        const { marketData } = marketModule({ config, db: database.db, clock });
        const { mining } = miningModule({
          config,
          perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
          db: database.db,
          clock,
          ledger,
          marketData,
          checkFundPassword: async () => {
            throw new Error('not used by the CLI');
          },
        });
        if (day) {
          const paid = await mining.payDay(day);
          return { result: { paid: [{ ...paid, total: paid.total.toString() }] } };
        }
        const done = await mining.payDue();
        return {
          result: {
            ...done,
            paid: done.paid.map((p) => ({ ...p, total: p.total.toString() })),
          },
        };
      },
    },
    'mining:model-add': {
      summary:
        'Add a machine model (--name --hash-rate-ths --power-w --price-per-day --electricity-per-day --min-days --stock [--algorithm SHA-256] [--margin-rate 0.2] [--enabled true])',
      flags: MODEL_FLAGS,
      run: async ({ database, flags }) => {
        const ops = miningOperations({ repo: miningRepository(database.db) });
        const created = await explained(() => ops.create(modelInput(flags)));
        return { result: modelResult(created) };
      },
    },
    'mining:model-set': {
      summary:
        'Change a machine model (--id and any of the model-add flags); stock cannot go below what is rented',
      flags: ['id', ...MODEL_FLAGS],
      run: async ({ database, flags }) => {
        const id = required(flags, 'id');
        if (!/^[1-9]\d{0,18}$/.test(id)) throw new UsageError('--id must be a model id');
        const ops = miningOperations({ repo: miningRepository(database.db) });
        const { after } = await explained(() => ops.update(id, modelInput(flags)));
        return { result: modelResult(after) };
      },
    },
  };
}
