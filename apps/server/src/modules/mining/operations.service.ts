// The operator side of mining (console and CLI): machine models (add, change, enable) and
// the rentals list. Amounts are USDT decimals, hash power TH/s with up to 3 decimals.
import {
  amountRefusal,
  countRefusal,
  formatAmount,
  parseAmount,
  type AmountRules,
} from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../errors.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { MiningRepository, ModelRow } from './mining.repository.ts';
import { thsText } from './mining.service.ts';

export interface ModelInput {
  name?: string | undefined;
  algorithm?: string | undefined;
  hash_rate_ths?: string | undefined;
  /** Counts: numbers from the console, text from the command line. */
  power_w?: number | string | undefined;
  price_per_day?: string | undefined;
  electricity_per_day?: string | undefined;
  margin_rate?: string | undefined;
  min_days?: number | string | undefined;
  stock?: number | string | undefined;
  enabled?: boolean | undefined;
}

/** An amount (or TH/s, or a rate) in 10^-8 units, by the one parser within `rules`. */
function units(field: string, text: string, rules: AmountRules) {
  const refusal = amountRefusal(text, rules);
  if (refusal) throw numberError(field, 'amount', refusal);
  return parseAmount(text, rules);
}

function integer(field: string, value: number | string, min: number, max: number) {
  const refusal = countRefusal(value, { min, max });
  if (refusal) throw numberError(field, 'count', refusal);
  return Number(value);
}

/** The model columns the given fields set (only those given); throws a field error. */
export function modelValues(input: ModelInput) {
  const v: Record<string, string | number | bigint | boolean> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name || name.length > 80) throw fieldError('name', 'validation.invalid');
    v.name = name;
  }
  if (input.algorithm !== undefined) v.algorithm = input.algorithm.trim().slice(0, 40) || 'SHA-256';
  if (input.hash_rate_ths !== undefined) {
    // TH/s to the GH/s stored: 3 decimals, at least 1 GH/s.
    const ths = units('hash_rate_ths', input.hash_rate_ths, { decimals: 3, min: 100_000n });
    v.hash_rate_ghs = ths / 100_000n;
  }
  if (input.power_w !== undefined) v.power_w = integer('power_w', input.power_w, 0, 1_000_000);
  if (input.price_per_day !== undefined) {
    v.price_per_day = units('price_per_day', input.price_per_day, { min: 1n });
  }
  if (input.electricity_per_day !== undefined) {
    v.electricity_per_day = units('electricity_per_day', input.electricity_per_day, {});
  }
  if (input.margin_rate !== undefined) {
    // A rate from 0 to 1 in basis points: 4 decimals.
    const rate = units('margin_rate', input.margin_rate, { decimals: 4, max: 100_000_000n });
    v.margin_bps = Number(rate / 10_000n);
  }
  if (input.min_days !== undefined) v.min_days = integer('min_days', input.min_days, 1, 3650);
  if (input.stock !== undefined) v.stock = integer('stock', input.stock, 0, 100_000_000);
  if (input.enabled !== undefined) v.enabled = input.enabled;
  return v;
}

export const modelRecord = (m: ModelRow) => ({
  id: m.id,
  name: m.name,
  algorithm: m.algorithm,
  hash_rate_ths: thsText(m.hash_rate_ghs),
  power_w: m.power_w,
  price_per_day: formatAmount(BigInt(m.price_per_day)),
  electricity_per_day: formatAmount(BigInt(m.electricity_per_day)),
  margin_rate: String(m.margin_bps / 10_000),
  min_days: m.min_days,
  stock: m.stock,
  rented: m.rented,
  enabled: m.enabled,
});

export function miningOperations(deps: { repo: MiningRepository }) {
  const { repo } = deps;
  async function show(id: string) {
    const row = await repo.model(repo.db, id);
    if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
    return modelRecord(row);
  }
  return {
    async models() {
      const list = (await repo.models({ enabledOnly: false })).map(modelRecord);
      return { list, total: list.length };
    },
    show,
    async create(input: ModelInput) {
      for (const field of [
        'name',
        'hash_rate_ths',
        'power_w',
        'price_per_day',
        'electricity_per_day',
        'min_days',
        'stock',
      ] as const) {
        if (input[field] === undefined) throw fieldError(field, 'validation.required');
      }
      const v = modelValues(input);
      const row = await repo.insertModel({
        name: v.name as string,
        algorithm: (v.algorithm as string | undefined) ?? 'SHA-256',
        hash_rate_ghs: v.hash_rate_ghs as bigint,
        power_w: v.power_w as number,
        price_per_day: v.price_per_day as bigint,
        electricity_per_day: v.electricity_per_day as bigint,
        margin_bps: (v.margin_bps as number | undefined) ?? 2000,
        min_days: v.min_days as number,
        stock: v.stock as number,
        enabled: (v.enabled as boolean | undefined) ?? true,
      });
      return modelRecord(row);
    },
    /** Stock below what is rented now is refused (by the database, so never raced). */
    async update(id: string, input: ModelInput) {
      const before = await show(id);
      const v = modelValues(input);
      try {
        const row = await repo.updateModel(id, v);
        if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
        return { before, after: modelRecord(row) };
      } catch (error) {
        if ((error as { code?: string }).code === '23514') {
          const now = await show(id);
          throw new AppError(
            'admin.stock_below_rented',
            { rented: now.rented },
            { field: 'stock' },
          );
        }
        throw error;
      }
    },
    async rentals(query: ListQuery) {
      const { rows, total } = await repo.operatorRentals(query);
      return {
        list: rows.map((r) => ({
          id: r.id,
          user_id: r.user_id,
          account: r.account,
          model_id: r.model_id,
          model: r.model,
          hash_rate_ths: thsText(r.hash_rate_ghs),
          days: r.days,
          started_at: new Date(r.started_at).toISOString(),
          expires_at: new Date(r.expires_at).toISOString(),
          status: r.status,
          auto_renew: r.auto_renew,
        })),
        total,
      };
    },
    activeRentals: () => repo.activeRentals(),
  };
}

export type MiningOperations = ReturnType<typeof miningOperations>;
