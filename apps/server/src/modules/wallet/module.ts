// The wallet module's one entry point: deposit addresses, withdrawals and their routes.
// The chain loops (deposit watcher, sender, sweeps) run in the worker from the same
// repositories and services (workers/plan.ts).
import type { Config } from '../../config.ts';
import type { ProfileWrites } from '../../db/user-cache.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { FundPasswordService } from '../security/fund-password.service.ts';
import type { SecondFactor } from '../security/two-factor.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import { depositKeys, type ChainEnvironment } from './chain-environment.ts';
import { depositRepository } from './deposit.repository.ts';
import { walletAudit } from './audit.ts';
import { custodyReader, reconcileCustody } from './custody.ts';
import { depositService } from './deposit.service.ts';
import { walletOperationsRepository } from './operations.repository.ts';
import { walletOperations } from './operations.service.ts';
import { walletRoutes } from './routes.ts';
import { withdrawalRepository } from './withdrawal.repository.ts';
import { platformWalletAddresses } from './withdrawal.addresses.ts';
import { withdrawalService } from './withdrawal.service.ts';

export function walletModule(deps: {
  config: Config;
  db: Db;
  /** For the console's deposit and withdrawal lists, which tolerate a little lag (decision 144). */
  reads?: Db;
  clock: Clock;
  /** The chains (devchain or configured nodes); null when none is reachable (unit tests). */
  chain: ChainEnvironment | null;
  ledger: LedgerService;
  settings: SettingsRepository;
  users: UsersService;
  profileWrites: ProfileWrites;
  secondFactor: SecondFactor;
  /** The fund password's check (security module). */
  fundPassword: FundPasswordService;
  /** Per-IP ceiling per minute of the money-moving calls. */
  perMinute: number;
}) {
  const { config, db, chain } = deps;
  const deposits = depositRepository(db);
  const withdrawalRepo = withdrawalRepository(db, deps.profileWrites);
  const depositsService = depositService({
    repo: deposits,
    keys: depositKeys(config),
    faucet: chain?.faucet ?? null,
  });
  const platformWallets = platformWalletAddresses(chain);
  const withdrawals = withdrawalService({
    repo: withdrawalRepo,
    deposits,
    users: deps.users,
    ledger: deps.ledger,
    settings: deps.settings,
    clock: deps.clock,
    platformWallets: () => platformWallets,
    secondFactor: deps.secondFactor,
    fundPassword: deps.fundPassword,
  });
  return {
    deposits,
    depositsService,
    withdrawalRepo,
    withdrawals,
    /** The console's withdrawal review, networks and deposits. */
    operations: walletOperations({
      repo: walletOperationsRepository(deps.reads ?? db),
      withdrawals,
      fourEyesMin: async () => (await withdrawals.policy()).four_eyes_min,
    }),
    /** Its check for the audit: custody on chain against the ledger's custody accounts. */
    audit: walletAudit(db, config),
    /** Custody on chain, read live from this installation's chains; null without any. */
    custodyOnChain: chain ? custodyReader(() => reconcileCustody(db, chain)).latest : null,
    routes: walletRoutes,
    options: { deposits: depositsService, withdrawals, perMinute: deps.perMinute },
  };
}

export type WalletModule = ReturnType<typeof walletModule>;
