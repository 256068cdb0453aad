// The ledger: accounts with balances, journal entries and their postings. The database
// itself refuses what must never happen (docs/decisions/006-ledger-model.md). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per account; platform accounts may be split into shards summed on read
  // (docs/decisions/005-hot-accounts.md). fillfactor leaves room for HOT balance updates.
  await sql`
    create table accounts (
      id bigserial primary key,
      user_id bigint references users (id),
      kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
      subkey text not null default '' check (length(subkey) <= 64),
      shard smallint not null default 0 check (shard >= 0),
      balance bigint not null default 0,
      may_go_negative boolean not null default false,
      created_at timestamptz not null default now(),
      constraint accounts_no_negative check (may_go_negative or balance >= 0),
      constraint accounts_user_never_negative check (user_id is null or not may_go_negative),
      constraint accounts_user_unsharded check (user_id is null or shard = 0),
      constraint accounts_key unique nulls not distinct (user_id, kind, subkey, shard)
    ) with (fillfactor = 70)
  `.execute(db);

  await sql`
    create table journal_entries (
      id bigserial primary key,
      kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
      idempotency_key text not null check (length(idempotency_key) between 1 and 200),
      reference text check (length(reference) <= 200),
      memo text check (length(memo) <= 500),
      reason text check (length(reason) <= 500),
      operator_id text check (length(operator_id) <= 64),
      payload_hash bytea not null,
      tx_id xid8 not null default pg_current_xact_id(),
      created_at timestamptz not null default now(),
      constraint journal_entries_idempotency_key unique (idempotency_key),
      constraint journal_entries_operator_kinds check (
        kind not in ('adjustment_credit', 'adjustment_debit')
        or (coalesce(reason, '') <> '' and coalesce(operator_id, '') <> '')
      )
    )
  `.execute(db);
  await sql`
    create index journal_entries_reference_idx on journal_entries (reference)
    where reference is not null
  `.execute(db);

  await sql`
    create table postings (
      id bigserial primary key,
      entry_id bigint not null references journal_entries (id),
      account_id bigint not null references accounts (id),
      amount bigint not null check (amount <> 0),
      balance_after bigint not null,
      constraint postings_one_per_account unique (entry_id, account_id)
    )
  `.execute(db);
  await sql`create index postings_account_idx on postings (account_id, id)`.execute(db);

  // History is append-only: entries and postings are never changed or removed, accounts
  // are never removed and never change what they are (only their balance moves).
  await sql`
    create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger: % on % is refused (the ledger is append-only)', tg_op, tg_table_name
        using errcode = 'integrity_constraint_violation';
    end $$
  `.execute(db);
  for (const table of ['journal_entries', 'postings']) {
    await sql`
      create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_refuse_change()
    `.execute(db);
  }
  for (const table of ['journal_entries', 'postings', 'accounts']) {
    await sql`
      create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function ledger_refuse_change()
    `.execute(db);
  }
  await sql`
    create trigger accounts_no_delete before delete on accounts
    for each row execute function ledger_refuse_change()
  `.execute(db);
  // WHEN is evaluated without calling the function, so balance updates pay nothing.
  await sql`
    create trigger accounts_identity_fixed before update on accounts for each row
    when (old.id <> new.id or old.user_id is distinct from new.user_id or old.kind <> new.kind
          or old.subkey <> new.subkey or old.shard <> new.shard
          or old.may_go_negative <> new.may_go_negative or old.created_at <> new.created_at)
    execute function ledger_refuse_change()
  `.execute(db);

  // A posting joins only an entry created in the same transaction: nobody can add legs to
  // an entry already committed, so the commit-time check below sees every leg.
  await sql`
    create function ledger_posting_same_transaction() returns trigger language plpgsql as $$
    begin
      if not exists (
        select 1 from journal_entries where id = new.entry_id and tx_id = pg_current_xact_id()
      ) then
        raise exception 'ledger: posting to entry % outside the transaction that created it',
          new.entry_id using errcode = 'check_violation';
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger postings_same_transaction before insert on postings
    for each row execute function ledger_posting_same_transaction()
  `.execute(db);

  // At commit: an entry has postings and they sum to zero, or the transaction fails.
  await sql`
    create function ledger_entry_balanced() returns trigger language plpgsql as $$
    declare
      legs bigint;
      total numeric;
    begin
      select count(*), coalesce(sum(amount), 0) into legs, total
        from postings where entry_id = new.id;
      if legs = 0 then
        raise exception 'ledger: entry % has no postings', new.id
          using errcode = 'check_violation';
      end if;
      if total <> 0 then
        raise exception 'ledger: postings of entry % sum to %, not zero', new.id, total
          using errcode = 'check_violation';
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create constraint trigger journal_entries_balanced after insert on journal_entries
    deferrable initially deferred
    for each row execute function ledger_entry_balanced()
  `.execute(db);

  // The write of one entry, in one statement (one round trip; the application has checked
  // the entry's rules). The entry row first: a second writer of the same key waits on it
  // before touching any account, then finds it and replays. Then each account in id order:
  // a conditional update (no read-then-write), and the posting with the balance after it.
  // OL001: a no-negative account would go below zero. OL002: the key was used for another
  // payload. Either way nothing of the entry remains.
  await sql`
    create function ledger_post(
      p_kind text, p_key text, p_reference text, p_memo text, p_reason text,
      p_operator_id text, p_payload_hash bytea, p_accounts bigint[], p_amounts bigint[]
    ) returns table (
      entry_id bigint, created_at timestamptz, replayed boolean,
      account_id bigint, amount bigint, balance_after bigint
    ) language plpgsql as $$
    declare
      v_entry bigint;
      v_created timestamptz;
      v_hash bytea;
      v_leg record;
      v_balance bigint;
    begin
      insert into journal_entries as e
        (kind, idempotency_key, reference, memo, reason, operator_id, payload_hash)
      values (p_kind, p_key, p_reference, p_memo, p_reason, p_operator_id, p_payload_hash)
      on conflict on constraint journal_entries_idempotency_key do nothing
      returning e.id, e.created_at into v_entry, v_created;

      if v_entry is null then
        select e.id, e.created_at, e.payload_hash into v_entry, v_created, v_hash
          from journal_entries e where e.idempotency_key = p_key;
        if v_hash is distinct from p_payload_hash then
          raise exception 'ledger: idempotency key % was used for another entry', p_key
            using errcode = 'OL002';
        end if;
        return query
          select v_entry, v_created, true, p.account_id, p.amount, p.balance_after
          from postings p where p.entry_id = v_entry order by p.id;
        return;
      end if;

      for v_leg in
        select l.account_id, l.amount
        from unnest(p_accounts, p_amounts) as l (account_id, amount)
        order by l.account_id
      loop
        update accounts a set balance = a.balance + v_leg.amount
          where a.id = v_leg.account_id
            and (a.may_go_negative or a.balance + v_leg.amount >= 0)
          returning a.balance into v_balance;
        if not found then
          if not exists (select 1 from accounts a where a.id = v_leg.account_id) then
            raise exception 'ledger: no account %', v_leg.account_id
              using errcode = 'foreign_key_violation';
          end if;
          raise exception 'ledger: account % would go below zero', v_leg.account_id
            using errcode = 'OL001';
        end if;
        insert into postings (entry_id, account_id, amount, balance_after)
          values (v_entry, v_leg.account_id, v_leg.amount, v_balance);
        entry_id := v_entry;
        created_at := v_created;
        replayed := false;
        account_id := v_leg.account_id;
        amount := v_leg.amount;
        balance_after := v_balance;
        return next;
      end loop;
    end $$
  `.execute(db);
}
