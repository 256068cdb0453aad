// The accounts module's one entry point: the user repository, registration, profiles,
// sign-in and the investor's own views (userinfo), with their routes. Two of its inputs
// come from modules built after it, as functions called per request: the second factor
// (security, which itself needs registration) and the saved withdrawal addresses (wallet,
// which needs the user repository).
import type { Db } from '../../db/database.ts';
import type { UserCache } from '../../db/user-cache.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuthModule } from '../auth/module.ts';
import { loginService } from './login.service.ts';
import type { Mailer } from '../messaging/mailer.ts';
import type { SmsSender } from '../messaging/sms.ts';
import { demoAccounts } from './demo-accounts.ts';
import { userOperations } from './operations.service.ts';
import { profileService } from './profile.service.ts';
import { registrationService } from './registration.service.ts';
import { userRoutes } from './routes.ts';
import { userRepository } from './user.repository.ts';
import { usersService } from './users.service.ts';
import { userViews, type UserProfile } from './views.ts';

export function usersModule(deps: {
  db: Db;
  clock: Clock;
  auth: Pick<AuthModule, 'sessions' | 'captchas' | 'codes' | 'counters' | 'later'>;
  mailer: Mailer;
  sms: SmsSender;
  /** Profiles served from memory until a write announces a change (decision 121). */
  profileCache: UserCache<UserProfile>;
  /** The security module's two-factor check (a port: security is built after, on users). */
  secondFactor: { check(userId: string, otp: string | undefined): Promise<void> };
  shownBalances: Parameters<typeof userViews>[1];
  withdrawalAddresses: Parameters<typeof userViews>[2];
  /** Codes sent and registrations tried per IP per hour. */
  perHour: number;
  /** Calls per IP per minute to each sign-in, code and registration call. */
  perMinute: number;
}) {
  const { db, clock, auth, profileCache, secondFactor } = deps;
  const { sessions, captchas, codes, counters } = auth;
  /** Whoever changes a profile's inputs announces it, so every process drops its copy. */
  const profileWrites = { changed: (userId: string) => profileCache.touched([userId]) };
  const users = userRepository(db, profileWrites);
  const registration = registrationService({
    users,
    sessions,
    captchas,
    codes,
    counters,
    mailer: deps.mailer,
    sms: deps.sms,
    later: auth.later,
    perHour: deps.perHour,
  });
  const profiles = profileService({ users, sessions, codes, registration, clock, secondFactor });
  const logins = loginService({ users, sessions, captchas, counters, secondFactor });
  const views = userViews(users, deps.shownBalances, deps.withdrawalAddresses, profileCache);
  return {
    users,
    /** What other modules are given of an account (never the repository, decision 131). */
    service: usersService(users),
    /** The demo investors' accounts, for the demo module's seed. */
    demoAccounts: demoAccounts(users),
    profileWrites,
    registration,
    profiles,
    logins,
    views,
    /** The console's view of investors (list, freeze, sessions). */
    operations: userOperations({ users, sessions }),
    routes: userRoutes,
    options: { captchas, registration, logins, profiles, views, perMinute: deps.perMinute },
  };
}

export type UsersModule = ReturnType<typeof usersModule>;
