// What quaninfo reads of a robot (its row, the two balances the ledger holds for it, its
// copy figures and its parsed grid), kept in memory per robot while nothing it shows has
// changed (issue 33, docs/decisions/198-robot-figures-cache.md). A crowd of investors
// looking at their running robots read them from PostgreSQL on every call: one round trip
// per call, most of quaninfo's cost.
//
// A robot's figures are its owner's: they move only by a ledger post to the owner (which
// the balance cache announces after commit, in every process) or by a write of the robot's
// row (which the repository announces the same way, on the same channel: `RobotWrites`).
// So this cache drops a user's robots whenever the balance cache drops the user, in any
// process, and keeps nothing while that cache is not listening.
import type { GridState } from '@olive/market';
import { ANNOUNCED_MAX_AGE_MS, type UserCache } from '../../db/user-cache.ts';
import type { RobotRow } from './robot.repository.ts';

export interface RobotFigures {
  robot: RobotRow;
  held: { principal: bigint; pnl: bigint };
  stats: { copiers: number; earned: bigint };
  /** The robot's grid, parsed once (read-only: every caller shares it). */
  state: GridState | null;
  /**
   * quaninfo's fields these figures alone decide, as JSON text per language, written on the
   * first call that needs them (robot.views.ts, decision 203). Kept on the object rather
   * than in a WeakMap keyed by it, whose 20,000 entries the garbage collector traced apart.
   */
  texts: Map<string, string>;
}

const MAX_ENTRIES = 100_000;

export function robotFiguresCache(options: {
  /** The cache whose drops (user ids, `*` for all) say a user's robots changed. */
  announced?: UserCache<unknown> | undefined;
  maxAgeMs?: number;
  now?: () => number;
}) {
  const { announced } = options;
  const maxAgeMs = options.maxAgeMs ?? ANNOUNCED_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: RobotFigures }>();
  const robotsOf = new Map<string, Set<string>>();
  // Every drop takes the next number, and a user keeps the number of their last drop: a read
  // that began before it may hold what the drop replaced, and is not kept.
  let drops = 0;
  const droppedAt = new Map<string, number>();
  let everyoneDroppedAt = 0;

  function dropEveryone() {
    entries.clear();
    robotsOf.clear();
    droppedAt.clear();
    everyoneDroppedAt = drops;
  }

  announced?.onDropped((userId) => {
    drops += 1;
    if (userId === '*' || droppedAt.size >= MAX_ENTRIES) return dropEveryone();
    droppedAt.set(userId, drops);
    for (const robotId of robotsOf.get(userId) ?? []) entries.delete(robotId);
    robotsOf.delete(userId);
  });

  /** The kept figures of `robotId` when they are fresh, without waiting; else undefined. */
  function peek(robotId: string): RobotFigures | undefined {
    if (!announced?.active) return undefined;
    const hit = entries.get(robotId);
    return hit && now() - hit.at < maxAgeMs ? hit.value : undefined;
  }

  return {
    peek,

    async get(
      robotId: string,
      load: () => Promise<RobotFigures | undefined>,
    ): Promise<RobotFigures | undefined> {
      if (!announced?.active) return load();
      const kept = peek(robotId);
      if (kept) return kept;
      const began = drops;
      const at = now();
      const value = await load();
      if (!value || !announced.active) return value;
      const userId = value.robot.user_id;
      if (everyoneDroppedAt > began || (droppedAt.get(userId) ?? 0) > began) return value;
      if (entries.size >= MAX_ENTRIES) {
        entries.clear();
        robotsOf.clear();
      }
      entries.set(robotId, { at, value });
      let robots = robotsOf.get(userId);
      if (!robots) robotsOf.set(userId, (robots = new Set()));
      robots.add(robotId);
      return value;
    },
  };
}

export type RobotFiguresCache = ReturnType<typeof robotFiguresCache>;
