// The sign-in module's one entry point: sessions, the counters behind every limit, image
// captchas and one-time codes, with the session routes (logout, the token refresh).
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { afterReply } from './after-reply.ts';
import { captchaService, svgCaptchaGenerator, type CaptchaGenerator } from './captcha.ts';
import { codeService } from './codes.ts';
import { memoryCounters, redisCounters } from './counters.ts';
import { authRoutes } from './routes.ts';
import { sessionRepository } from './session.repository.ts';
import { sessionService, type SessionChanges } from './session.service.ts';

export { SESSION_CACHE_ANNOUNCED_MS } from './session.service.ts';

export function authModule(deps: {
  config: Pick<Config, 'SESSION_IDLE_HOURS' | 'SESSION_ABSOLUTE_HOURS' | 'SESSION_ROTATE_MINUTES'>;
  db: Db;
  clock: Clock;
  /** Counters live in Redis when it is configured, so that every process shares them. */
  redis?: Redis | null;
  captchaGenerator?: CaptchaGenerator;
  /** Announcements of revoked sessions and frozen users, so sessions are cached longer. */
  sessionChanges?: SessionChanges;
}) {
  const { config, db, clock } = deps;
  const sessions = sessionService(
    sessionRepository(db),
    clock,
    {
      idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      rotateMs: config.SESSION_ROTATE_MINUTES * 60_000,
      graceMs: 60_000,
      // last_seen_at (the idle limit, the device list's "last active") to five minutes:
      // once a minute, a crowd of 20,000 wrote 333 rows a second for it.
      touchMs: 5 * 60_000,
    },
    deps.sessionChanges,
  );
  const counters = deps.redis ? redisCounters(deps.redis) : memoryCounters(clock);
  const captchas = captchaService(db, clock, deps.captchaGenerator ?? svgCaptchaGenerator);
  const codes = codeService(db, clock);
  // Code deliveries that depend on whether an account exists run after the answer.
  const later = afterReply();
  return { sessions, counters, captchas, codes, later, routes: authRoutes, options: { sessions } };
}

export type AuthModule = ReturnType<typeof authModule>;
