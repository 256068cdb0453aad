// The admin module's one entry point: operators (accounts, sessions, TOTP), the audit log,
// the permission table and every /api/admin/* call, built on the other modules' services
// (docs/admin-api.md, docs/decisions/115-operator-console.md).
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CounterStore } from '../auth/counters.ts';
import { contentAdminActions } from '../content/content.admin.ts';
import { miningAdminActions } from '../mining/mining.admin.ts';
import { reservesAdminActions } from '../reserves/reserves.admin.ts';
import { robotsAdminActions } from '../robots/robots.admin.ts';
import { supportAdminActions } from '../support/support.admin.ts';
import { teamAdminActions } from '../team/team.admin.ts';
import { walletAdminActions } from '../wallet/wallet.admin.ts';
import { authActions } from './actions/auth.ts';
import { operatorActions } from './actions/operators.ts';
import { userActions } from './actions/users.ts';
import type { AdminDeps } from './deps.ts';
import { operatorRepository } from './operator.repository.ts';
import { operatorService } from './operator.service.ts';
import { adminRoutes } from './routes.ts';

export function adminModule(
  shared: Omit<AdminDeps, 'operators' | 'repo'> & {
    db: Db;
    clock: Clock;
    counters: CounterStore;
    idleMinutes: number;
    absoluteHours: number;
  },
) {
  const repo = operatorRepository(shared.db);
  const operators = operatorService({
    repo,
    counters: shared.counters,
    clock: shared.clock,
    idleMs: shared.idleMinutes * 60_000,
    absoluteMs: shared.absoluteHours * 3_600_000,
  });
  const deps: AdminDeps = { ...shared, operators, repo };
  const actions = [
    ...authActions(deps),
    ...operatorActions(deps),
    ...userActions(deps),
    // Each module's own calls, given what they need.
    ...walletAdminActions(deps),
    ...robotsAdminActions(deps),
    ...miningAdminActions(deps),
    ...teamAdminActions(deps),
    ...contentAdminActions(deps),
    ...supportAdminActions(deps),
    ...reservesAdminActions(deps),
  ];
  return { operators, repo, actions, routes: adminRoutes, options: { actions, operators, repo } };
}

export type AdminModule = ReturnType<typeof adminModule>;
