// Team search matches only what an upline is shown (issue 30, decision 137): each user's
// masked account and shown name are kept beside the account, computed by the database on
// every write from the same rule as users/display-name.ts, and searched through their
// own trigram indexes. The trigram indexes on the full account and the raw nickname go:
// nothing may search them (a part of a hidden account must match nothing).
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // maskAccount: `ab***@mail.com`, `138****5678`, else the first character and `***`.
  await sql`
    create function olive_masked_account(account text) returns text
      language sql immutable strict parallel safe
    as $$
      select case
        when strpos(account, '@') > 1 then
          left(account, least(2, strpos(account, '@') - 1)) || '***' || substr(account, strpos(account, '@'))
        when length(account) >= 8 then left(account, 3) || '****' || right(account, 4)
        else left(account, 1) || '***'
      end
    $$`.execute(db);
  // displayName: the nickname unless it gives the account away (contains an @, is the
  // masked account, contains the e-mail's name of 3+ characters or is part of it, or has
  // four digits of the phone number in a row), else the masked account.
  await sql`
    create function olive_shown_name(nickname text, account text) returns text
      language plpgsql immutable strict parallel safe
    as $$
    declare
      trimmed text := btrim(nickname, E' \t\n\r\f\x0b');
      name text := lower(trimmed);
      masked text := olive_masked_account(account);
      at int := strpos(account, '@');
      local text;
      digits text;
    begin
      if name = '' or strpos(name, '@') > 0 or name = lower(masked) then
        return masked;
      end if;
      if at > 1 then
        local := lower(left(account, at - 1));
        if (length(local) >= 3 and (strpos(name, local) > 0 or strpos(local, name) > 0))
           or (length(local) < 3 and name = local) then
          return masked;
        end if;
      else
        digits := regexp_replace(name, '[^0-9]', '', 'g');
        for i in 1 .. length(digits) - 3 loop
          if strpos(account, substr(digits, i, 4)) > 0 then
            return masked;
          end if;
        end loop;
      end if;
      return trimmed;
    end
    $$`.execute(db);
  await sql`
    alter table users
      add column masked_account text not null
        generated always as (olive_masked_account(account)) stored,
      add column shown_name text not null
        generated always as (olive_shown_name(nickname, account)) stored`.execute(db);
  await sql`drop index users_account_trgm_idx`.execute(db);
  await sql`drop index users_nickname_trgm_idx`.execute(db);
  await sql`
    create index users_masked_account_trgm_idx on users using gin (masked_account gin_trgm_ops)
  `.execute(db);
  await sql`
    create index users_shown_name_trgm_idx on users using gin (shown_name gin_trgm_ops)
  `.execute(db);
}
