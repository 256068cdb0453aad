// What every part of the robot module shares: its vocabulary (directions, statuses), the
// checks of an investor's input, and the owner check. Imports nothing from its siblings.
import {
  GRID_TYPES,
  MARKETS,
  formatUnits,
  type Direction,
  type GridType,
  type MarketId,
} from '@olive/market';
import { NumberError, parseAmount } from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../errors.ts';
import type { RobotRepository } from './robot.repository.ts';

export const DIRECTIONS = ['long', 'short', 'neutral'] as const;
export const ROBOT_STATUSES = ['not_started', 'waiting', 'running', 'ended'] as const;

export type RobotAction = 'start' | 'stop' | 'settle' | 'edit' | 'publish' | 'unpublish';

export function directionOf(text: string): Direction {
  const direction = text.trim().toLowerCase();
  if (!(DIRECTIONS as readonly string[]).includes(direction)) {
    throw fieldError('direction', 'robot.direction_invalid');
  }
  return direction as Direction;
}

/** The levels' spacing (decision 146); geometric when not given, as every robot before. */
export function gridTypeOf(text: string | undefined): GridType {
  if (text === undefined || text.trim() === '') return 'geometric';
  const type = text.trim().toLowerCase();
  if (!(GRID_TYPES as readonly string[]).includes(type)) {
    throw fieldError('grid_type', 'robot.grid_type_invalid');
  }
  return type as GridType;
}

export function principalOf(text: string, market: MarketId): bigint {
  let principal: bigint;
  try {
    principal = parseAmount(text);
  } catch (error) {
    if (error instanceof NumberError) throw numberError('principal', 'amount', error.refusal);
    throw error;
  }
  const min = MARKETS[market].minPrincipal;
  if (principal < min) {
    throw fieldError('principal', 'robot.below_minimum', { market, min: formatUnits(min) });
  }
  return principal;
}

/** The robot, if it is this investor's; otherwise the same "not found" as for no robot. */
export async function ownedRobot(repo: RobotRepository, userId: string, robotId: string) {
  const robot = await repo.byId(robotId);
  if (!robot || robot.user_id !== userId) throw new AppError('robot.not_found');
  return robot;
}

export const iso = (date: Date | null) => (date ? new Date(date).toISOString() : '');

export function minuteOf(date: Date) {
  const ms = date.getTime();
  return new Date(ms - (ms % 60_000));
}

/**
 * What settling pays before the performance fee: the realised profit the ledger holds for
 * the robot, never more than the grid's cash (what is paid out must leave the grid too).
 * Zero or less: nothing to settle. Settle and quaninfo's `settleable` both read this.
 */
export function settleableGross(pnl: bigint, cash: bigint): bigint {
  return pnl < cash ? pnl : cash;
}
