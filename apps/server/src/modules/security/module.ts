// The account-security module: builds its services from the shared ones and returns
// them with its routes plugin and that plugin's options (app.ts registers it).
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CodeService } from '../auth/codes.ts';
import type { CounterStore } from '../auth/counters.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { Mailer } from '../messaging/mailer.ts';
import type { SmsSender } from '../messaging/sms.ts';
import type { RegistrationService } from '../users/registration.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { fundPasswordService } from './fund-password.service.ts';
import { securityRepository } from './security.repository.ts';
import { securityRoutes } from './routes.ts';
import { accountSecurityService } from './security.service.ts';
import { twoFactorService } from './two-factor.service.ts';
import { walletSignInService } from './wallet-sign-in.service.ts';

export function securityModule(deps: {
  db: Db;
  users: UsersService;
  sessions: SessionService;
  codes: CodeService;
  counters: CounterStore;
  registration: RegistrationService;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** The per-IP limit of its code-sending and sign-in calls, a minute. */
  perMinute: number;
}) {
  const repo = securityRepository(deps.db);
  const twoFactor = twoFactorService({ repo, counters: deps.counters, clock: deps.clock });
  const accounts = accountSecurityService({ ...deps, repo, secondFactor: twoFactor });
  const wallets = walletSignInService({ ...deps, secondFactor: twoFactor });
  return {
    twoFactor,
    /** The fund password's check with its lockout, given to wallet, mining and robots. */
    fundPassword: fundPasswordService({ repo, clock: deps.clock }),
    accounts,
    wallets,
    routes: securityRoutes,
    options: { accounts, twoFactor, wallets, users: deps.users, perMinute: deps.perMinute },
  };
}

export type SecurityModule = ReturnType<typeof securityModule>;
