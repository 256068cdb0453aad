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

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
}
