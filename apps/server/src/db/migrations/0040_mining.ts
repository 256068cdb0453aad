// Mining rental: machine models (operator-managed, seeded with real machines), rentals,
// each day's network inputs (stored once, never rewritten) and each rental's payout per
// day with every input it used. Also the ledger's batch post (ledger_post_batch), under
// the same database guards as the single post (migration 0002). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mining_models (
      id bigserial primary key,
      name text not null unique check (length(name) between 1 and 80),
      algorithm text not null default 'SHA-256' check (length(algorithm) between 1 and 40),
      -- Hash power in GH/s (integer), power draw in watts: the published figures.
      hash_rate_ghs bigint not null check (hash_rate_ghs > 0),
      power_w integer not null check (power_w >= 0),
      price_per_day bigint not null check (price_per_day > 0),
      electricity_per_day bigint not null check (electricity_per_day >= 0),
      -- The platform's margin: this share (basis points) of every rent is posted as a
      -- mining_margin entry (the fee referral commissions are paid from).
      margin_bps integer not null default 2000 check (margin_bps between 0 and 10000),
      min_days integer not null check (min_days between 1 and 3650),
      stock integer not null check (stock >= 0),
      rented integer not null default 0 check (rented >= 0),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint mining_models_stock check (rented <= stock)
    )
  `.execute(db);

  await sql`
    create table mining_rentals (
      id bigserial primary key,
      user_id bigint not null references users (id),
      model_id bigint not null references mining_models (id),
      hash_rate_ghs bigint not null,
      electricity_per_day bigint not null,
      price_per_day bigint not null,
      -- Days of the last term (auto-renew renews for as many) and the whole span paid for.
      term_days integer not null check (term_days > 0),
      days integer not null check (days > 0),
      -- Paid UTC days: starts_on <= day < ends_on.
      starts_on date not null,
      ends_on date not null,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      status text not null check (status in ('active', 'expired')),
      auto_renew boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_on > starts_on)
    )
  `.execute(db);
  await sql`create index mining_rentals_user_idx on mining_rentals (user_id, id)`.execute(db);
  await sql`
    create index mining_rentals_active_idx on mining_rentals (starts_on, ends_on)
    where status = 'active'
  `.execute(db);

  // Every payment for a rental (the first term and each renewal), for the records screen.
  await sql`
    create table mining_payments (
      id bigserial primary key,
      rental_id bigint not null references mining_rentals (id),
      user_id bigint not null references users (id),
      kind text not null check (kind in ('rent', 'renew', 'auto_renew')),
      days integer not null check (days > 0),
      amount bigint not null check (amount > 0),
      margin bigint not null check (margin >= 0),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index mining_payments_user_idx on mining_payments (user_id, id)`.execute(db);

  // One row per UTC day: the network inputs every payout of that day used. Stored once.
  await sql`
    create table mining_days (
      day date primary key,
      difficulty numeric(40, 0) not null check (difficulty > 0),
      network_hashrate numeric(40, 0) not null check (network_hashrate >= 0),
      -- Subsidy plus the day's average fee share, in satoshi per block.
      block_reward_sat bigint not null check (block_reward_sat > 0),
      -- BTC/USDT in 10^-8 USDT per BTC.
      btc_price bigint not null check (btc_price > 0),
      source text not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);

  // Each rental's payout for one day, with every input it used. Exactly one per pair.
  await sql`
    create table mining_payouts (
      -- No foreign keys: rows are written only by the payout statement, from the joined
      -- rental and day themselves (a key check per row would double a million-row run).
      rental_id bigint not null,
      day date not null,
      user_id bigint not null,
      hash_rate_ghs bigint not null,
      output_sat numeric(30, 8) not null,
      gross bigint not null,
      electricity bigint not null,
      amount bigint not null check (amount >= 0),
      created_at timestamptz not null default now(),
      primary key (rental_id, day)
    )
  `.execute(db);
  await sql`create index mining_payouts_user_idx on mining_payouts (user_id)`.execute(db);

  // Which days a run has paid (the catch-up starts after the newest).
  await sql`
    create table mining_payout_runs (
      day date primary key references mining_days (day),
      rentals integer not null,
      total bigint not null,
      paid_at timestamptz not null default now()
    )
  `.execute(db);

  for (const table of ['mining_days', 'mining_payouts']) {
    await sql`
      create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_refuse_change()
    `.execute(db);
  }

  // Real machines with their published figures; prices are Olive's (operator-editable).
  // Electricity per day at 0.06 USDT/kWh: watts * 24 h * 0.06 / 1000.
  await sql`
    insert into mining_models
      (name, algorithm, hash_rate_ghs, power_w, price_per_day, electricity_per_day, min_days, stock)
    values
      ('Antminer S21', 'SHA-256', 200000, 3500, 250000000, 504000000, 30, 500),
      ('Antminer S21 Pro', 'SHA-256', 234000, 3510, 300000000, 505440000, 30, 300),
      ('Whatsminer M60S', 'SHA-256', 186000, 3441, 230000000, 495504000, 30, 400),
      ('Antminer S19k Pro', 'SHA-256', 120000, 2760, 110000000, 397440000, 7, 200)
  `.execute(db);

  // The batch form of ledger_post: many entries in a few statements, with the same rules.
  // Entries go in key order (two batches sharing keys wait on each other, never deadlock);
  // a key already posted with the same payload is a replay (nothing moves), with another
  // payload OL002. Accounts are locked in id order, each posting gets the running balance
  // after it (entries in input order), a no-negative account below zero anywhere is OL001,
  // and each balance moves once by its total. Balance of every entry is checked at commit
  // by the deferred trigger of 0002, as for a single post.
  await sql`
    create function ledger_fail(p_code text, p_message text) returns bigint
    language plpgsql as $$
    begin
      raise exception '%', p_message using errcode = p_code;
    end $$
  `.execute(db);
  await sql`
    create function ledger_post_batch(
      p_kinds text[], p_keys text[], p_references text[], p_memos text[],
      p_payload_hashes bytea[], p_leg_entries integer[], p_leg_accounts bigint[],
      p_leg_amounts bigint[]
    ) returns table (idx integer, entry_id bigint, replayed boolean)
    -- Arrays from unnest() are estimated at a few rows: a nested loop over two of them is
    -- quadratic in the batch. Hash and merge joins only, for this function's statements.
    language plpgsql set enable_nestloop = off as $$
    declare
      v_new_idx integer[];
      v_new_ids bigint[];
      v_bad text;
    begin
      if cardinality(p_keys) <> cardinality(p_kinds)
         or cardinality(p_keys) <> cardinality(p_references)
         or cardinality(p_keys) <> cardinality(p_memos)
         or cardinality(p_keys) <> cardinality(p_payload_hashes)
         or cardinality(p_leg_entries) <> cardinality(p_leg_accounts)
         or cardinality(p_leg_entries) <> cardinality(p_leg_amounts) then
        raise exception 'ledger: batch arrays differ in length' using errcode = 'check_violation';
      end if;
      if (select count(distinct k) from unnest(p_keys) k) <> cardinality(p_keys) then
        raise exception 'ledger: a batch repeats an idempotency key' using errcode = 'check_violation';
      end if;

      with input as (
        select * from unnest(p_kinds, p_keys, p_references, p_memos, p_payload_hashes)
          with ordinality as i (kind, key, reference, memo, hash, idx)
      ), inserted as (
        insert into journal_entries as e (kind, idempotency_key, reference, memo, payload_hash)
        select i.kind, i.key, i.reference, i.memo, i.hash from input i order by i.key
        on conflict on constraint journal_entries_idempotency_key do nothing
        returning e.id, e.idempotency_key
      )
      select coalesce(array_agg(i.idx::integer order by i.idx), '{}'),
             coalesce(array_agg(n.id order by i.idx), '{}')
        into v_new_idx, v_new_ids
        from input i join inserted n on n.idempotency_key = i.key;

      -- Replays must carry the payload they were first posted with.
      if cardinality(v_new_idx) < cardinality(p_keys) then
        select i.key into v_bad
          from unnest(p_keys, p_payload_hashes) with ordinality as i (key, hash, idx)
          left join unnest(v_new_idx) as n (idx) on n.idx = i.idx
          join journal_entries e on e.idempotency_key = i.key
          where n.idx is null and e.payload_hash is distinct from i.hash
          limit 1;
      end if;
      if v_bad is not null then
        raise exception 'ledger: idempotency key % was used for another entry', v_bad
          using errcode = 'OL002';
      end if;

      if cardinality(v_new_ids) > 0 then
        create temp table if not exists ledger_batch_legs (
          entry_id bigint, entry_idx integer, leg_idx bigint, account_id bigint, amount bigint
        ) on commit drop;
        truncate ledger_batch_legs;
        insert into ledger_batch_legs
          select n.entry_id, l.entry_idx, l.leg_idx, l.account_id, l.amount
          from unnest(p_leg_entries, p_leg_accounts, p_leg_amounts)
            with ordinality as l (entry_idx, account_id, amount, leg_idx)
          join unnest(v_new_idx, v_new_ids) as n (idx, entry_id) on n.idx = l.entry_idx;
        if exists (select 1 from ledger_batch_legs where amount = 0 or amount is null) then
          raise exception 'ledger: a batch posting has no amount' using errcode = 'check_violation';
        end if;
        analyze ledger_batch_legs;

        -- Lock every account once, in id order (as the single post takes them).
        perform 1 from accounts a
          where a.id in (select distinct b.account_id from ledger_batch_legs b)
          order by a.id for update;
        if (select count(distinct b.account_id) from ledger_batch_legs b)
           <> (select count(*) from accounts a
               where a.id in (select distinct b.account_id from ledger_batch_legs b)) then
          raise exception 'ledger: a batch names an account that does not exist'
            using errcode = 'foreign_key_violation';
        end if;

        insert into postings (entry_id, account_id, amount, balance_after)
        select r.entry_id, r.account_id, r.amount,
               case when r.running < 0 and not r.may_go_negative
                    then ledger_fail('OL001', 'ledger: account ' || r.account_id || ' would go below zero')
                    else r.running end
        from (
          select b.entry_id, b.account_id, b.amount, b.entry_idx, b.leg_idx, a.may_go_negative,
                 a.balance + sum(b.amount) over (
                   partition by b.account_id order by b.entry_idx, b.leg_idx
                 ) as running
          from ledger_batch_legs b join accounts a on a.id = b.account_id
        ) r
        order by r.entry_idx, r.leg_idx;

        update accounts a set balance = a.balance + t.total
          from (select b.account_id, sum(b.amount)::bigint as total
                from ledger_batch_legs b group by b.account_id) t
          where a.id = t.account_id and t.total <> 0;
      end if;

      return query
        select i.idx::integer, coalesce(n.entry_id, e.id), n.entry_id is null
        from unnest(p_keys) with ordinality as i (key, idx)
        left join unnest(v_new_idx, v_new_ids) as n (idx, entry_id) on n.idx = i.idx
        left join journal_entries e on n.entry_id is null and e.idempotency_key = i.key
        order by i.idx;
    end $$
  `.execute(db);
}
