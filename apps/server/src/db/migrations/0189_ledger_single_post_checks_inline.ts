// A single post checks its own entry (issue 33's ledger regression, decision 193). Since
// migrations 0110 and 0121 every ledger_post paid, besides its own statements, the row
// guard's two lookups per posting (its entry is this transaction's, its account exists)
// and, at commit, the deferred balanced-entry check's two queries. ledger_post knows all
// of that already: it has just created the entry, found each account by updating it, and
// holds the legs. It now checks that the legs are there and sum to zero itself, skips the
// row guard as ledger_post_batch does (the transaction's mark), and notes its entry as
// checked, so the deferred check returns at once.
//
// Nothing unchecked can hide behind the note: a posting inserted any other way (a
// statement of our own, or by hand) passes the row guard, which now clears the note, so
// the deferred check at commit checks every entry of the transaction again; a new journal
// entry clears it too (migration 0110). Forward-only.
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
      -- A posting written outside ledger_post: no entry of this transaction counts as
      -- checked any more.
      perform set_config('olive.ledger_checked', '', true);
      return new;
    end $$
  `.execute(db);

  await sql`
    create or replace function ledger_post(
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
      v_total numeric;
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

      -- The balanced-entry rule, checked here on the legs rather than at commit.
      if coalesce(cardinality(p_accounts), 0) = 0 then
        raise exception 'ledger: entry % has no postings', v_entry
          using errcode = 'check_violation';
      end if;
      if cardinality(p_accounts) <> coalesce(cardinality(p_amounts), 0) then
        raise exception 'ledger: entry % names % accounts and % amounts', v_entry,
          cardinality(p_accounts), coalesce(cardinality(p_amounts), 0)
          using errcode = 'check_violation';
      end if;
      select sum(a) into v_total from unnest(p_amounts) a;
      if v_total is distinct from 0 then
        raise exception 'ledger: postings of entry % sum to %, not zero', v_entry, v_total
          using errcode = 'check_violation';
      end if;

      -- Every leg names this call's entry and an account found (and locked) by its update:
      -- the row guard has nothing to add.
      perform set_config('olive.ledger_batch', pg_current_xact_id()::text, true);
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
      perform set_config('olive.ledger_batch', '', true);
      -- Checked above: the deferred check of this entry returns at once, unless a posting
      -- or an entry written after this one clears the note.
      perform set_config('olive.ledger_checked', v_entry || ':' || v_entry, true);
    end $$
  `.execute(db);
}
