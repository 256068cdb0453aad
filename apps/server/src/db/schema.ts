// Kysely's view of the tables. Each migration that changes a table updates this file.
import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  account: string;
  account_kind: 'email' | 'phone';
  password_hash: string;
  fund_password_hash: string;
  nickname: string;
  avatar: string | null;
  invite_code: string;
  inviter_id: string | null;
  telegram: string | null;
  lang: string;
  status: Generated<'active' | 'frozen'>;
  created_at: Timestamp;
  password_changed_at: Timestamp | null;
  /** Why the login password last changed (migration 0183): null before any change. */
  password_change_kind: 'reset' | 'change' | null;
  /** The last change to how the account is secured, noted by triggers (migration 0190). */
  security_changed_at: Timestamp | null;
  security_change_kind: 'two_factor_off' | 'contact_bound' | 'address_reset' | null;
  fund_password_changed_at: Timestamp | null;
  fund_password_failures: Generated<number>;
  withdraw_locked_until: Timestamp | null;
  withdrawals_frozen: Generated<boolean>;
  /** A seeded demo investor (issue 11): not a customer, cannot sign in. */
  demo: Generated<boolean>;
  /** Computed by the database (migration 0137): the account and name others are shown. */
  masked_account: ColumnType<string, never, never>;
  shown_name: ColumnType<string, never, never>;
}

export interface CaptchasTable {
  id: string;
  answer_hash: Buffer;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  // Captcha proofs (issue 18, migration 0020): a solved picture's proof for registering.
  purpose: Generated<'image' | 'proof'>;
  account: string | null;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  channel: 'email' | 'phone';
  target: string;
  scene: string;
  code_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
}

export interface AvatarsTable {
  user_id: string;
  image: Buffer;
  etag: string;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  replaced_at: Timestamp | null;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  /** The first row of the sign-in this row continues (a rotation); null on that row. 0185. */
  sign_in_id: Generated<string | null>;
}

// Ledger (migration 0002). BIGINT money comes back as a string; convert with BigInt().
export interface AccountsTable {
  id: Generated<string>;
  user_id: string | null;
  kind: string;
  subkey: Generated<string>;
  shard: Generated<number>;
  balance: ColumnType<string, string | undefined, string>;
  may_go_negative: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface JournalEntriesTable {
  id: Generated<string>;
  kind: string;
  idempotency_key: string;
  reference: string | null;
  memo: string | null;
  reason: string | null;
  operator_id: string | null;
  payload_hash: Buffer;
  tx_id: Generated<string>;
  created_at: Generated<Date>;
}

export interface PostingsTable {
  id: Generated<string>;
  entry_id: string;
  account_id: string;
  amount: ColumnType<string, string, never>;
  balance_after: ColumnType<string, string, never>;
}

// Top-up (migration 0004).
export interface NetworkSettingsTable {
  network: 'erc20' | 'bep20' | 'trc20';
  confirmations: number;
  min_deposit: ColumnType<string, string | bigint, string | bigint>;
  min_withdrawal: ColumnType<string, string | bigint, string | bigint>;
  withdrawal_fee: ColumnType<string, string | bigint, string | bigint>;
  daily_withdrawal_limit: ColumnType<string, string | bigint, string | bigint>;
  deposit_enabled: Generated<boolean>;
  withdraw_enabled: Generated<boolean>;
  contract_address: Generated<string>;
  token_decimals: number;
  updated_at: Generated<Date>;
}

export interface DepositAddressesTable {
  user_id: string;
  network: string;
  address: string;
  address_hex: string;
  derivation_index: ColumnType<string, string | bigint, never>;
  created_at: Generated<Date>;
}

export interface ChainCursorsTable {
  network: string;
  block_number: ColumnType<string, string | bigint, string | bigint>;
  block_hash: string;
  updated_at: Generated<Date>;
}

export interface ChainBlocksTable {
  network: string;
  block_number: ColumnType<string, string | bigint, string | bigint>;
  block_hash: string;
}

export interface DepositsTable {
  id: Generated<string>;
  network: string;
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, string | bigint, string | bigint>;
  block_hash: string;
  from_address: string;
  to_address: string;
  user_id: string;
  token_amount: ColumnType<string, string | bigint, string>;
  amount: ColumnType<string, string | bigint, string>;
  dust: ColumnType<string, string | bigint | undefined, string>;
  status: 'pending' | 'credited' | 'below_minimum' | 'orphaned';
  confirmations: Generated<number>;
  ledger_entry_id: string | null;
  created_at: Generated<Date>;
  credited_at: Date | null;
}

// Withdrawals (migration 0005).
export interface WithdrawalAddressesTable {
  user_id: string;
  network: string;
  address: string;
  created_at: Generated<Date>;
}

export interface WithdrawalAddressResetsTable {
  id: Generated<string>;
  user_id: string;
  network: string;
  old_address: string;
  operator_id: string;
  reason: string;
  created_at: Generated<Date>;
}

export type WithdrawalStatus =
  'pending_review' | 'approved' | 'broadcast' | 'confirmed' | 'rejected' | 'failed';

type Units = ColumnType<string, string | bigint, string | bigint>;

export interface WithdrawalsTable {
  id: Generated<string>;
  user_id: string;
  network: string;
  address: string;
  amount: Units;
  fee: Units;
  receive_amount: Units;
  status: WithdrawalStatus;
  request_id: string | null;
  reviewed_by: string | null;
  review_note: string | null;
  nonce: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  tx_hash: string | null;
  raw_tx: string | null;
  confirmations: Generated<number>;
  failure_reason: string | null;
  first_approved_by: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  broadcast_at: Date | null;
  confirmed_at: Date | null;
  /** The fee went to fee_revenue in the freeze entry (rows from migration 0052 on). */
  fee_collected: Generated<boolean>;
}

/** An earlier signed transfer of a withdrawal, replaced because it expired unmined. */
export interface WithdrawalAttemptsTable {
  id: Generated<string>;
  withdrawal_id: string;
  network: string;
  tx_hash: string;
  raw_tx: string;
  reason: 'expired';
  replaced_at: Generated<Date>;
}

export interface HotWalletNoncesTable {
  scope: string;
  address: string;
  next_nonce: Units;
}

export type RobotStatus = 'not_started' | 'waiting' | 'running' | 'ended';
export type RobotEndReason =
  'stopped' | 'take_profit_price' | 'stop_loss_price' | 'take_profit_pct' | 'stop_loss_pct';

export interface RobotsTable {
  id: Generated<string>;
  user_id: string;
  market: string;
  direction: 'long' | 'short' | 'neutral';
  status: RobotStatus;
  disabled: Generated<boolean>;
  principal: ColumnType<string, bigint | string, bigint | string>;
  grid_state: string | null;
  range_low: ColumnType<string, bigint | string, bigint | string>;
  range_high: ColumnType<string, bigint | string, bigint | string>;
  grid_count: number;
  /** Migration 0156: how the levels are spaced (decision 146). */
  grid_type: ColumnType<'arithmetic' | 'geometric', 'arithmetic' | 'geometric' | undefined>;
  step: string;
  expected_daily_yield: string;
  version: Generated<number>;
  last_seq: Generated<number>;
  settled_gross: ColumnType<string, bigint | string | undefined, bigint | string>;
  settled_net: ColumnType<string, bigint | string | undefined, bigint | string>;
  performance_fees: ColumnType<string, bigint | string | undefined, bigint | string>;
  created_at: Timestamp;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  updated_at: Timestamp;
  // risk exits (migration 0158); prices in 10^-8 USDT, percentages as numeric text
  take_profit_price: ColumnType<
    string | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  stop_loss_price: ColumnType<
    string | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  take_profit_pct: ColumnType<string | null, string | null | undefined, string | null>;
  stop_loss_pct: ColumnType<string | null, string | null | undefined, string | null>;
  trigger_price: ColumnType<
    string | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  trigger_above: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  trailing_up: Generated<boolean>;
  trailing_down: Generated<boolean>;
  trailing_limit_high: ColumnType<
    string | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  trailing_limit_low: ColumnType<
    string | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  end_reason: ColumnType<
    RobotEndReason | null,
    RobotEndReason | null | undefined,
    RobotEndReason | null
  >;
  // Copy trading (migration 0160, decision 150).
  public: Generated<boolean>;
  profit_share_pct: Generated<number>;
  start_price: ColumnType<
    string | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  copied_from: ColumnType<string | null, string | null | undefined, string | null>;
  copy_share_pct: Generated<number>;
  share_high_water: ColumnType<string, bigint | string | undefined, bigint | string>;
  shares_paid: ColumnType<string, bigint | string | undefined, bigint | string>;
}

/** One settlement of a copied robot and the share it paid its leader (migration 0161). */
export interface RobotProfitSharesTable {
  id: Generated<string>;
  copier_robot_id: string;
  leader_robot_id: string;
  copier_user_id: string;
  leader_user_id: string | null;
  seq: number;
  cumulative: ColumnType<string, bigint | string, never>;
  high_water_before: ColumnType<string, bigint | string, never>;
  paid: ColumnType<string, bigint | string, never>;
  base: ColumnType<string, bigint | string, never>;
  share_pct: number;
  amount: ColumnType<string, bigint | string, never>;
  entry_id: string | null;
  created_at: Timestamp;
}

export interface RobotTradesTable {
  id: Generated<string>;
  robot_id: string;
  user_id: string;
  seq: number;
  kind: 'buy' | 'sell' | 'settle' | 'stop';
  price: ColumnType<string, bigint | string, never>;
  quantity: ColumnType<string, bigint | string, never>;
  amount: ColumnType<string, bigint | string, never>;
  fee: ColumnType<string, bigint | string, never>;
  pnl: ColumnType<string, bigint | string, never>;
  created_at: Timestamp;
}

export interface RobotPnlSnapshotsTable {
  robot_id: string;
  t: Timestamp;
  pnl: ColumnType<string, bigint | string, bigint | string>;
}

export interface MarketCandlesTable {
  market: string;
  t: Timestamp;
  open: ColumnType<string, bigint | string, bigint | string>;
  high: ColumnType<string, bigint | string, bigint | string>;
  low: ColumnType<string, bigint | string, bigint | string>;
  close: ColumnType<string, bigint | string, bigint | string>;
  volume: number;
}

// Wallet operations (issue 10, migration 0015): alarms that stall money until an operator looks.
export interface WalletAlarmsTable {
  network: string;
  kind: 'nonce' | 'custody';
  detail: string;
  raised_at: Generated<Date>;
  updated_at: Generated<Date>;
  cleared_at: Date | null;
}

export interface SweepsTable {
  id: Generated<string>;
  network: string;
  address: string;
  token_amount: ColumnType<string, string | bigint, string>;
  amount: ColumnType<string, string | bigint, string>;
  tx_hash: string;
  raw_tx: string;
  status: 'sent' | 'done' | 'failed';
  created_at: Generated<Date>;
}

// --- Mining (issue 12): models, rentals, payments, each day's inputs and payouts ---
export interface MiningModelsTable {
  id: Generated<string>;
  name: string;
  algorithm: Generated<string>;
  hash_rate_ghs: ColumnType<string, bigint | string, bigint | string>;
  power_w: number;
  price_per_day: ColumnType<string, bigint | string, bigint | string>;
  electricity_per_day: ColumnType<string, bigint | string, bigint | string>;
  margin_bps: Generated<number>;
  min_days: number;
  stock: number;
  rented: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MiningRentalsTable {
  id: Generated<string>;
  user_id: string;
  model_id: string;
  hash_rate_ghs: ColumnType<string, bigint | string, never>;
  electricity_per_day: ColumnType<string, bigint | string, never>;
  price_per_day: ColumnType<string, bigint | string, never>;
  term_days: number;
  days: number;
  starts_on: ColumnType<string, string, string>;
  ends_on: ColumnType<string, string, string>;
  started_at: Timestamp;
  expires_at: Timestamp;
  status: 'active' | 'expired';
  auto_renew: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MiningPaymentsTable {
  id: Generated<string>;
  rental_id: string;
  user_id: string;
  kind: 'rent' | 'renew' | 'auto_renew';
  days: number;
  amount: ColumnType<string, bigint | string, never>;
  margin: ColumnType<string, bigint | string, never>;
  // The term this payment bought: starts_on <= day < ends_on (migration 0120).
  starts_on: ColumnType<string, string, never>;
  ends_on: ColumnType<string, string, never>;
  hash_rate_ghs: ColumnType<string, bigint | string, never>;
  electricity_per_day: ColumnType<string, bigint | string, never>;
  // The ledger entry that paid for the term (migration 0131); null: never paid, never paid out.
  entry_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: Generated<Date>;
}

export interface MiningDayRatesTable {
  day: ColumnType<string, string, never>;
  hash_rate_ghs: ColumnType<string, bigint | string, never>;
  electricity_per_day: ColumnType<string, bigint | string, never>;
  output_sat: ColumnType<string, string, never>;
  gross: ColumnType<string, bigint | string, never>;
  amount: ColumnType<string, bigint | string, never>;
}

export interface MiningDaysTable {
  day: ColumnType<string, string, never>;
  difficulty: ColumnType<string, string, string>;
  network_hashrate: ColumnType<string, string, string>;
  block_reward_sat: ColumnType<string, bigint | string, string>;
  btc_price: ColumnType<string, bigint | string, string>;
  source: string;
  // The network's difficulty period that day (migration 0150); null: the source gave none.
  height: number | null;
  epoch_progress_pct: string | null;
  est_change_pct: string | null;
  next_adjustment_at: Date | null;
  created_at: Generated<Date>;
}

/** A term's forecast, made when it was paid for (migration 0150); append-only. */
export interface MiningTermForecastsTable {
  rental_id: string;
  starts_on: string;
  basis_day: string;
  difficulty_change_bps: number;
  amounts: string[];
  created_at: Generated<Date>;
}

/** A view since migration 0120: terms x runs x rates (decision 127). */
export interface MiningPayoutsTable {
  rental_id: string;
  day: string;
  user_id: string;
  hash_rate_ghs: ColumnType<string, bigint | string, never>;
  output_sat: ColumnType<string, string, never>;
  gross: ColumnType<string, bigint | string, never>;
  electricity: ColumnType<string, bigint | string, never>;
  amount: ColumnType<string, bigint | string, never>;
  created_at: Generated<Date>;
}

export interface MiningPayoutRunsTable {
  day: string;
  rentals: number;
  total: ColumnType<string, bigint | string, bigint | string>;
  paid_at: Generated<Date>;
}
// --- end of mining ---
// --- account security (issue 10): two-factor and bound identifiers ---
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  enabled_at: Timestamp | null;
  last_step: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  created_at: Generated<Date>;
}

export interface TwoFactorRecoveryTable {
  id: Generated<string>;
  user_id: string;
  code_hash: Buffer;
  used_at: Timestamp | null;
}

export interface AccountAliasesTable {
  account: string;
  kind: 'email' | 'phone';
  user_id: string;
  created_at: Generated<Date>;
}
export interface WalletLoginsTable {
  address: string;
  kind: 'evm' | 'tron';
  user_id: string;
  created_at: Generated<Date>;
}

export interface SignInNoncesTable {
  nonce: string;
  address: string;
  purpose: 'login' | 'verify';
  user_id: string | null;
  message: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
// --- end account security ---

// --- content module (issue 14): notices, news, articles, contacts ---
export interface ContentImagesTable {
  id: Generated<string>;
  image: Buffer;
  etag: string;
  created_at: Timestamp;
}

export interface ContentItemsTable {
  id: Generated<string>;
  kind: 'notice' | 'news' | 'help' | 'page' | 'partner' | 'banner';
  key: string | null;
  category: string | null;
  link_url: string | null;
  cover_image_id: string | null;
  pinned: Generated<boolean>;
  sort: Generated<number>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentTranslationsTable {
  item_id: string;
  lang: string;
  title: string;
  body: Generated<string>;
  updated_at: Timestamp;
}

export interface SupportContactsTable {
  id: Generated<string>;
  kind: 'group' | 'person';
  channel: string;
  label: string;
  url: string;
  hours: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface NoticeReadsTable {
  user_id: string;
  seen_at: Timestamp;
}
// --- end content module ---

// --- team module (issue 13): tree, figures, rates, commissions (SQL in team.repository) ---
export interface TeamLinksTable {
  ancestor_id: string;
  descendant_id: string;
  depth: number;
  joined_at: Timestamp;
}
export interface TeamStatsTable {
  user_id: string;
  count1: Generated<number>;
  count2: Generated<number>;
  count3: Generated<number>;
  perf1: Generated<string>;
  perf2: Generated<string>;
  perf3: Generated<string>;
  earn1: Generated<string>;
  earn2: Generated<string>;
  earn3: Generated<string>;
  total_topup: Generated<string>;
  total_withdrawal: Generated<string>;
  performance: ColumnType<string, never, never>;
  updated_at: Generated<Timestamp>;
}
export interface TeamRatesTable {
  level: number;
  rate_bp: number;
  updated_at: Generated<Timestamp>;
}
export interface TeamCommissionsTable {
  fee_entry_id: string;
  level: number;
  upline_id: string;
  member_id: string;
  source: string;
  fee: string;
  amount: string;
  entry_id: string;
  created_at: Generated<Timestamp>;
  reversed: Generated<string>;
  unrecovered: Generated<string>;
  reversal_entry_id: string | null;
  reversed_at: Timestamp | null;
  // Migration 0130: pending until the fee is final, then available; or cancelled.
  status: Generated<'available' | 'pending' | 'cancelled'>;
  settled_entry_id: string | null;
  settled_at: Timestamp | null;
}
export interface TeamSyncTable {
  id: number;
  done_below: string;
}
export interface TeamSyncReadTable {
  entry_id: string;
  tx_id: string;
}
// --- end team module ---
// --- reserves module (issue 16, migration 0080) ---
export interface ReserveSnapshotsTable {
  id: Generated<string>;
  taken_at: Date;
  pg_snapshot: string;
  liabilities: ColumnType<string, string, string>;
  reserves: ColumnType<string | null, string | null, string | null>;
  networks: ColumnType<unknown, string, string>;
  root: string;
  leaf_count: number;
  user_count: number;
  file: string;
  anchor_network: string | null;
  anchor_tx: string | null;
  created_at: Generated<Date>;
}

/** Demo investors' balances a snapshot left out of the liabilities (migration 0034). */
export interface ReserveDemoExclusionsTable {
  snapshot_id: string;
  demo_users: number;
  amount: ColumnType<string, string, string>;
}

export interface ReserveUserLeavesTable {
  snapshot_id: string;
  user_id: string;
  nonce: string;
  leaf_indexes: number[];
  amounts: string[];
}
// --- end reserves module ---

export interface OperatorsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: 'admin' | 'finance' | 'support' | 'editor';
  status: Generated<'active' | 'disabled'>;
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  totp_last_step: ColumnType<string, string | number | undefined, string | number>;
  created_at: Generated<Date>;
  last_login_at: Timestamp | null;
}

export interface OperatorSessionsTable {
  id: Generated<string>;
  operator_id: string;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface AdminAuditTable {
  id: Generated<string>;
  operator_id: string | null;
  operator_email: string | null;
  at: Generated<Date>;
  ip: string | null;
  action: string;
  target: string | null;
  outcome: 'done' | 'refused';
  reason: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  avatars: AvatarsTable;
  network_settings: NetworkSettingsTable;
  deposit_addresses: DepositAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  deposits: DepositsTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  withdrawal_address_resets: WithdrawalAddressResetsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_attempts: WithdrawalAttemptsTable;
  hot_wallet_nonces: HotWalletNoncesTable;
  sweeps: SweepsTable;
  wallet_alarms: WalletAlarmsTable;
  accounts: AccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  robots: RobotsTable;
  robot_trades: RobotTradesTable;
  robot_pnl_snapshots: RobotPnlSnapshotsTable;
  robot_profit_shares: RobotProfitSharesTable;
  market_candles: MarketCandlesTable;
  mining_models: MiningModelsTable;
  mining_rentals: MiningRentalsTable;
  mining_payments: MiningPaymentsTable;
  mining_days: MiningDaysTable;
  mining_term_forecasts: MiningTermForecastsTable;
  mining_payouts: MiningPayoutsTable;
  mining_day_rates: MiningDayRatesTable;
  mining_payout_runs: MiningPayoutRunsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery: TwoFactorRecoveryTable;
  account_aliases: AccountAliasesTable;
  wallet_logins: WalletLoginsTable;
  sign_in_nonces: SignInNoncesTable;

  // content module (issue 14)
  content_images: ContentImagesTable;
  content_items: ContentItemsTable;
  content_translations: ContentTranslationsTable;
  support_contacts: SupportContactsTable;
  notice_reads: NoticeReadsTable;
  // team module (issue 13)
  team_links: TeamLinksTable;
  team_stats: TeamStatsTable;
  team_rates: TeamRatesTable;
  team_commissions: TeamCommissionsTable;
  team_sync: TeamSyncTable;
  team_sync_read: TeamSyncReadTable;
  // reserves module (issue 16)
  reserve_snapshots: ReserveSnapshotsTable;
  reserve_user_leaves: ReserveUserLeavesTable;
  reserve_demo_exclusions: ReserveDemoExclusionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  admin_audit: AdminAuditTable;
}

/** The typed database handle every repository takes (made by database.ts's createDb). */
export type Db = Kysely<Database>;
