// Kysely's view of the tables. Each migration that changes a table updates this file.
import type { ColumnType, Generated } from 'kysely';

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
  fund_password_changed_at: Timestamp | null;
  fund_password_failures: Generated<number>;
  withdraw_locked_until: Timestamp | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: Buffer;
  expires_at: Timestamp;
  used_at: Timestamp | null;
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
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  broadcast_at: Date | null;
  confirmed_at: Date | null;
}

export interface HotWalletNoncesTable {
  scope: string;
  address: string;
  next_nonce: Units;
}

export type RobotStatus = 'not_started' | 'running' | 'ended';

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
  hot_wallet_nonces: HotWalletNoncesTable;
  sweeps: SweepsTable;
  accounts: AccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  robots: RobotsTable;
  robot_trades: RobotTradesTable;
  robot_pnl_snapshots: RobotPnlSnapshotsTable;
  market_candles: MarketCandlesTable;
}
