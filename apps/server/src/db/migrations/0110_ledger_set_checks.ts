// The balanced-entry check of migration 0002, made set-based (docs/decisions/125): the same
// rule, checked once per transaction instead of once per entry, so a batch of 200,000
// entries (a day's mining payout) pays for one query at commit rather than 200,000.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // At commit, each new entry still queues its check (a constraint trigger is per row), but
  // the first one to fire checks, in one query, every entry of the transaction from its own
  // id to the transaction's newest, and notes that range (a transaction-local setting, which
  // a rolled-back savepoint takes back with its entries). The checks of entries inside the
  // range then return at once. Nothing unchecked can hide in the range: deferred checks
  // fire in insertion order, an entry outside it (an id chosen by hand) is checked on its
  // own, an entry claiming another transaction's id is never skipped, and any entry
  // inserted after a check (SET CONSTRAINTS ... IMMEDIATE, then more work) clears the note.
  await sql`
    create or replace function ledger_entry_balanced() returns trigger language plpgsql as $$
    declare
      v_note text := current_setting('olive.ledger_checked', true);
      v_bad record;
      v_last bigint;
    begin
      if coalesce(v_note, '') <> '' and new.tx_id = pg_current_xact_id()
         and new.id between split_part(v_note, ':', 1)::bigint
                        and split_part(v_note, ':', 2)::bigint then
        return null;
      end if;
      select greatest(max(e.id), new.id) into v_last
        from journal_entries e
        where e.id >= new.id and e.tx_id = pg_current_xact_id();
      select e.id, count(p.entry_id) as legs, coalesce(sum(p.amount), 0) as total
        into v_bad
        from journal_entries e
        left join postings p on p.entry_id = e.id and p.entry_id between new.id and v_last
        where e.id between new.id and v_last
          and (e.tx_id = pg_current_xact_id() or e.id = new.id)
        group by e.id
        having count(p.entry_id) = 0 or coalesce(sum(p.amount), 0) <> 0
        order by e.id
        limit 1;
      if found then
        if v_bad.legs = 0 then
          raise exception 'ledger: entry % has no postings', v_bad.id
            using errcode = 'check_violation';
        end if;
        raise exception 'ledger: postings of entry % sum to %, not zero', v_bad.id, v_bad.total
          using errcode = 'check_violation';
      end if;
      perform set_config('olive.ledger_checked', new.id || ':' || v_last, true);
      return null;
    end $$
  `.execute(db);
  await sql`
    create function ledger_entries_inserted() returns trigger language plpgsql as $$
    begin
      perform set_config('olive.ledger_checked', '', true);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger journal_entries_clear_check_note after insert on journal_entries
    for each statement
    when (coalesce(current_setting('olive.ledger_checked', true), '') <> '')
    execute function ledger_entries_inserted()
  `.execute(db);
}
