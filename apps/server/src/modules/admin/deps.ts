// What the admin module's actions reach: other modules' services only.
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { MiningOperations } from '../mining/operations.service.ts';
import type { ReservesService } from '../reserves/reserves.service.ts';
import type { RobotOperations } from '../robots/operations.service.ts';
import type { TeamService } from '../team/team.service.ts';
import type { updateService } from '../support/update.service.ts';
import type { UserOperations } from '../users/operations.service.ts';
import type { CustodyReading } from '../wallet/custody.ts';
import type { WalletOperations } from '../wallet/operations.service.ts';
import type { WithdrawalService } from '../wallet/withdrawal.service.ts';
import type { OperatorRepository } from './operator.repository.ts';
import type { OperatorService } from './operator.service.ts';

export interface AdminDeps {
  clock: Clock;
  operators: OperatorService;
  repo: OperatorRepository;
  users: UserOperations;
  ledger: LedgerService;
  wallet: WalletOperations;
  withdrawals: WithdrawalService;
  depositAddress: (userId: string, network: 'erc20' | 'bep20' | 'trc20') => Promise<string>;
  /** The security module's two-factor state of an investor: on or off, and since when. */
  twoFactor: (userId: string) => Promise<{ enabled: boolean; enabled_at: string | null }>;
  robots: RobotOperations;
  mining: MiningOperations;
  team: TeamService;
  content: ContentService;
  updates: ReturnType<typeof updateService>;
  /** `npm run audit`'s report (ledger invariants and custody on chain). */
  ledgerAudit: () => Promise<unknown>;
  /** The latest proof-of-reserves snapshot's on-chain reserves, if any. */
  latestReserves: () => Promise<{ reserves: string | null; taken_at: string } | null>;
  /** Proof of reserves: the snapshots list and "take a snapshot now". */
  reserves: Pick<ReservesService, 'history' | 'takeSnapshot'>;
  /** Custody on chain read live from this installation's chains; null without any. */
  custodyOnChain: (() => Promise<CustodyReading>) | null;
}
