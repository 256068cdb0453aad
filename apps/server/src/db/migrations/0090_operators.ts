// Operator console (issue 15): operator accounts and their sessions (separate from
// investors), the append-only audit log of admin actions, the freezes and the four-eyes
// mark the console sets, and the indexes its users list needs at a million users
// (docs/decisions/115-operator-console.md). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operators (
      id bigserial primary key,
      email text not null unique check (length(email) between 3 and 254),
      password_hash text not null,
      role text not null check (role in ('admin', 'finance', 'support', 'editor')),
      status text not null default 'active' check (status in ('active', 'disabled')),
      totp_secret text,
      totp_enabled_at timestamptz,
      totp_last_step bigint not null default 0,
      created_at timestamptz not null default now(),
      last_login_at timestamptz
    )
  `.execute(db);

  await sql`
    create table operator_sessions (
      id bigserial primary key,
      operator_id bigint not null references operators (id),
      token_hash bytea not null unique,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz,
      ip text,
      user_agent text
    )
  `.execute(db);
  await sql`create index operator_sessions_operator_idx on operator_sessions (operator_id, id)`.execute(
    db,
  );

  // Append-only: the database itself refuses to change or remove a line.
  await sql`
    create table admin_audit (
      id bigserial primary key,
      operator_id bigint,
      operator_email text,
      at timestamptz not null default now(),
      ip text,
      action text not null check (length(action) <= 80),
      target text check (length(target) <= 200),
      outcome text not null check (outcome in ('done', 'refused')),
      reason text check (length(reason) <= 1000),
      before jsonb,
      after jsonb
    )
  `.execute(db);
  await sql`create index admin_audit_operator_idx on admin_audit (operator_id, id)`.execute(db);
  await sql`create index admin_audit_action_idx on admin_audit (action, id)`.execute(db);
  await sql`create index admin_audit_target_idx on admin_audit (target text_pattern_ops)`.execute(
    db,
  );
  await sql`create index admin_audit_at_idx on admin_audit (at)`.execute(db);
  await sql`
    create function admin_audit_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_audit is append-only: % refused', tg_op
        using errcode = 'restrict_violation';
    end $$
  `.execute(db);
  await sql`
    create trigger admin_audit_append_only before update or delete on admin_audit
    for each row execute function admin_audit_refuse_change()
  `.execute(db);
  await sql`
    create trigger admin_audit_no_truncate before truncate on admin_audit
    for each statement execute function admin_audit_refuse_change()
  `.execute(db);

  // Freezing withdrawals is separate from freezing sign-in (users.status).
  await sql`alter table users add column withdrawals_frozen boolean not null default false`.execute(
    db,
  );
  // Four-eyes: the first of two approvals of a large withdrawal.
  await sql`alter table withdrawals add column first_approved_by text`.execute(db);

  // Users list: search by account prefix, and pages sorted by available balance.
  await sql`create index users_account_prefix_idx on users (account text_pattern_ops)`.execute(db);
  await sql`create index users_created_at_idx on users (created_at)`.execute(db);
  await sql`
    create index accounts_available_balance_idx on accounts (balance, user_id)
    where kind = 'available' and user_id is not null
  `.execute(db);
  // Every user has an available account from the start (a zero balance row, as the
  // ledger would create on first use), so sorting by balance is one index walk.
  await sql`
    insert into accounts (user_id, kind)
    select id, 'available' from users
    on conflict do nothing
  `.execute(db);
  await sql`
    create function users_open_available_account() returns trigger language plpgsql as $$
    begin
      insert into accounts (user_id, kind) values (new.id, 'available') on conflict do nothing;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger users_open_available_account after insert on users
    for each row execute function users_open_available_account()
  `.execute(db);
}
