// The postings' row guard, made one (docs/decisions/128). Migration 0002 checked each
// posting three times, each a query of its own: a plpgsql trigger (its entry was created
// in this transaction) and two foreign keys (its entry and its account exist, each also
// locking the row it found). Entries and accounts can never be deleted (0002), so one
// trigger now checks both, and the foreign keys go. The batch post (ledger_post_batch)
// checks its legs set-based (its own new entries; every account found and locked in one
// statement) and marks its postings statement with the transaction's id, which the
// trigger's WHEN reads without calling it; any other insert is checked row by row as
// before. The audit gains a check that every posting names an entry and an account.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_posting_same_transaction() returns trigger
    language plpgsql as $$
    begin
      if not exists (
        select 1 from journal_entries where id = new.entry_id and tx_id = pg_current_xact_id()
      ) then
        raise exception 'ledger: posting to entry % outside the transaction that created it',
          new.entry_id using errcode = 'check_violation';
      end if;
      if not exists (select 1 from accounts where id = new.account_id) then
        raise exception 'ledger: posting to account %, which does not exist', new.account_id
          using errcode = 'foreign_key_violation';
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`drop trigger postings_same_transaction on postings`.execute(db);
  await sql`
    create trigger postings_guard before insert on postings for each row
    when (current_setting('olive.ledger_batch', true) is distinct from pg_current_xact_id()::text)
    execute function ledger_posting_same_transaction()
  `.execute(db);
  await sql`
    alter table postings
      drop constraint postings_entry_id_fkey,
      drop constraint postings_account_id_fkey
  `.execute(db);

  await sql`
    create or replace function ledger_post_batch(
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

        -- The legs name this call's own entries and accounts just checked under lock: the
        -- row guard (postings_guard) has nothing to add, and this transaction says so.
        perform set_config('olive.ledger_batch', pg_current_xact_id()::text, true);
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
        perform set_config('olive.ledger_batch', '', true);

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
