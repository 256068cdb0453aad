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

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  avatars: AvatarsTable;
  accounts: AccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
}
