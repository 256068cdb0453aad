// The fees a robot's trades pay: the taker fee of market orders (opening inventory, the
// close on Stop) and the operator's maker fee of the grid's resting limit orders.
import { DEFAULT_MAKER_FEE_RATE } from '@olive/market';
import type { SettingsRepository } from '../../db/settings.repository.ts';

export const MAKER_FEE_KEY = 'robot_maker_fee';
/** The highest maker fee an operator may set (1%): above it no grid step clears it. */
export const MAX_MAKER_FEE_RATE = 0.01;

/** A maker fee as written by the operator ("0.0002"), or null when it is not one. */
export function parseMakerFee(text: string): number | null {
  if (!/^(0(\.\d{1,6})?|\.\d{1,6})$/.test(text.trim())) return null;
  const rate = Number(text);
  return rate >= 0 && rate <= MAX_MAKER_FEE_RATE ? rate : null;
}

/** The maker fee in force: the operator's setting, else 0.02%. */
export async function makerFeeRateOf(settings: SettingsRepository | undefined): Promise<number> {
  const stored = settings ? await settings.get<string>(MAKER_FEE_KEY) : undefined;
  if (stored === undefined || stored === null) return DEFAULT_MAKER_FEE_RATE;
  return parseMakerFee(String(stored)) ?? DEFAULT_MAKER_FEE_RATE;
}
