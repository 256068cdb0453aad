// One entry that pays many users from one platform account, its credits staged in the
// database by the caller's own query (docs/decisions/129). A day's mining payout credits
// 200,000 renters: through ledger_post_batch their sums travelled to Node and back as
// arrays, were hashed there and resolved to accounts in a second round trip. Here the
// credits never leave the database, and with one leg per account the running balance a
// posting records is simply the account's new balance, so the update that moves the
// balances returns what the postings store. Every rule of the single post holds: the
// entry balances (its debit is the credits' total, and the commit-time check still runs),
// the debit account is refused below zero unless it may go negative (OL001, nothing
// remains), the idempotency key replays (same payload hash, computed as planEntry() does)
// or conflicts (OL002), accounts are locked once in id order, and the ledger stays
// append-only. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post_credits(
      p_kind text, p_key text, p_reference text, p_memo text, p_from bigint,
      p_from_logical text, p_user_kind text
    ) returns table (entry_id bigint, replayed boolean, credits integer, total bigint)
    -- The staged credits are estimated at a few rows: hash and merge joins only.
    language plpgsql set enable_nestloop = off as $$
    declare
      v_n integer;
      v_users integer;
      v_bad integer;
      v_total numeric;
      v_hash bytea;
      v_entry bigint;
      v_old bytea;
      v_found integer;
      v_locked integer;
      v_from record;
    begin
      if to_regclass('pg_temp.ledger_credits') is null then
        raise exception 'ledger: no credits staged' using errcode = 'check_violation';
      end if;
      select count(*), count(distinct c.user_id), sum(c.amount),
             count(*) filter (where c.user_id is null or c.amount is null or c.amount <= 0)
        into v_n, v_users, v_total, v_bad
        from ledger_credits c;
      if v_bad > 0 then
        raise exception 'ledger: a credit names no user or is not positive'
          using errcode = 'check_violation';
      end if;
      if v_users <> v_n then
        raise exception 'ledger: a user is credited twice' using errcode = 'check_violation';
      end if;
      if v_n = 0 then
        raise exception 'ledger: no credits staged' using errcode = 'check_violation';
      end if;
      if v_total > 9223372036854775807 then
        raise exception 'ledger: the credits overflow' using errcode = 'numeric_value_out_of_range';
      end if;

      -- The payload hash, byte for byte as planEntry() builds it: JSON of the entry with its
      -- legs as [account, amount] pairs sorted by their text.
      select sha256(convert_to(
               '{"kind":' || to_json(p_kind)::text
               || ',"reference":' || coalesce(to_json(p_reference)::text, 'null')
               || ',"memo":' || coalesce(to_json(p_memo)::text, 'null')
               || ',"reason":null,"operatorId":null,"legs":['
               || string_agg('[' || to_json(l.logical)::text || ',"' || l.amount || '"]', ','
                             order by (l.logical || ',' || l.amount) collate "C")
               || ']}', 'UTF8'))
        into v_hash
        from (
          select p_from_logical as logical, (-v_total)::text as amount
          union all
          select c.user_id || '/' || p_user_kind || '/', c.amount::text from ledger_credits c
        ) l;

      insert into journal_entries as e (kind, idempotency_key, reference, memo, payload_hash)
        values (p_kind, p_key, p_reference, p_memo, v_hash)
        on conflict on constraint journal_entries_idempotency_key do nothing
        returning e.id into v_entry;
      if v_entry is null then
        select e.id, e.payload_hash into v_entry, v_old
          from journal_entries e where e.idempotency_key = p_key;
        if v_old is distinct from v_hash then
          raise exception 'ledger: idempotency key % was used for another entry', p_key
            using errcode = 'OL002';
        end if;
        return query select v_entry, true, v_n, v_total::bigint;
        return;
      end if;

      -- Each credit's account, locked as it is found; every account once, in id order as
      -- the single post takes them: the users' below the debited account, that account,
      -- then the users' above it.
      create temp table if not exists ledger_credit_legs (account_id bigint, amount bigint)
        on commit drop;
      truncate ledger_credit_legs;
      insert into ledger_credit_legs
        select a.id, c.amount from ledger_credits c
        join accounts a on a.user_id = c.user_id and a.kind = p_user_kind and a.subkey = ''
                       and a.shard = 0
        where a.id < p_from
        order by a.id for update of a;
      get diagnostics v_found = row_count;
      select a.balance, a.may_go_negative into v_from from accounts a where a.id = p_from
        for update;
      if not found then
        raise exception 'ledger: account % does not exist', p_from
          using errcode = 'foreign_key_violation';
      end if;
      insert into ledger_credit_legs
        select a.id, c.amount from ledger_credits c
        join accounts a on a.user_id = c.user_id and a.kind = p_user_kind and a.subkey = ''
                       and a.shard = 0
        where a.id > p_from
        order by a.id for update of a;
      get diagnostics v_locked = row_count;
      if v_found + v_locked <> v_n then
        raise exception 'ledger: a credited user has no % account', p_user_kind
          using errcode = 'foreign_key_violation';
      end if;
      if not v_from.may_go_negative and v_from.balance < v_total then
        raise exception 'ledger: account % would go below zero', p_from using errcode = 'OL001';
      end if;
      insert into ledger_credit_legs values (p_from, -v_total::bigint);

      -- The legs name this call's own entry and the accounts just locked: the row guard
      -- (postings_guard, 0121) has nothing to add, and this transaction says so.
      perform set_config('olive.ledger_batch', pg_current_xact_id()::text, true);
      with moved as (
        update accounts a set balance = a.balance + l.amount
          from ledger_credit_legs l where a.id = l.account_id
        returning a.id, l.amount, a.balance
      )
      insert into postings (entry_id, account_id, amount, balance_after)
        select v_entry, m.id, m.amount, m.balance from moved m
        order by m.id <> p_from, m.id;
      perform set_config('olive.ledger_batch', '', true);

      return query select v_entry, false, v_n, v_total::bigint;
    end $$
  `.execute(db);
}
