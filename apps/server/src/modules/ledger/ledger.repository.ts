// SQL of the posting path and the investor's views. Balances move only through
// applyToBalance, a conditional update the database re-checks under the row lock.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/** An account's identity: owner (null = platform), kind, subkey (network, robot id), shard. */
export interface AccountKey {
  userId: string | null;
  kind: string;
  subkey: string;
  shard: number;
}

export interface NewEntry {
  kind: string;
  idempotencyKey: string;
  reference: string | null;
  memo: string | null;
  reason: string | null;
  operatorId: string | null;
  payloadHash: Buffer;
}

const compareKeys = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
};

export function ledgerRepository(db: Db) {
  return {
    db,

    /** The console: one page of every posting on a user's accounts, newest first. */
    async userPostings(
      userId: string,
      options: {
        entryKind?: string;
        accountKind?: string;
        limit: number;
        offset: number;
        order: 'asc' | 'desc';
      },
    ) {
      let base = db
        .selectFrom('postings as p')
        .innerJoin('accounts as a', 'a.id', 'p.account_id')
        .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
        .where('a.user_id', '=', userId);
      if (options.entryKind) base = base.where('e.kind', '=', options.entryKind);
      if (options.accountKind) base = base.where('a.kind', '=', options.accountKind);
      const [rows, count] = await Promise.all([
        base
          .select([
            'p.id',
            'p.entry_id',
            'e.kind',
            'a.kind as account_kind',
            'p.amount',
            'p.balance_after',
            'e.reference',
            'e.memo',
            'e.reason',
            'e.operator_id',
            'e.created_at',
          ])
          .orderBy('p.id', options.order)
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * The console's dashboard: platform figures from balances and today's postings. Demo
     * investors' balances are play money nobody is owed (decision 111d): apart, as proof of
     * reserves leaves them out.
     */
    async platformFigures(since: Date) {
      const row = await db
        .selectNoFrom([
          sql<string>`(select coalesce(sum(balance), 0)::text from accounts where user_id is not null)`.as(
            'user_balances',
          ),
          // A handful of users, found through users_demo_idx: cheaper than joining every user.
          sql<string>`(select coalesce(sum(balance), 0)::text from accounts
                        where user_id in (select id from users where demo))`.as('demo_balances'),
          sql<string>`(select coalesce(-sum(balance), 0)::text from accounts where user_id is null and kind = 'custody')`.as(
            'custody',
          ),
          sql<string>`(select coalesce(sum(balance), 0)::text from accounts where user_id is null and kind = 'fee_revenue')`.as(
            'fee_total',
          ),
          sql<string>`(
            select coalesce(sum(p.amount), 0)::text from journal_entries e
            join postings p on p.entry_id = e.id
            join accounts a on a.id = p.account_id
            where e.created_at >= ${since} and a.user_id is null and a.kind = 'fee_revenue'
          )`.as('fee_today'),
        ])
        .executeTakeFirstOrThrow();
      return {
        liabilities: BigInt(row.user_balances) - BigInt(row.demo_balances),
        demoBalances: BigInt(row.demo_balances),
        custody: BigInt(row.custody),
        feeTotal: BigInt(row.fee_total),
        feeToday: BigInt(row.fee_today),
      };
    },

    async findAccounts(q: Db, keys: AccountKey[]) {
      if (keys.length === 0) return [];
      return q
        .selectFrom('accounts')
        .select(['id', 'user_id', 'kind', 'subkey', 'shard'])
        .where((eb) =>
          eb.or(
            keys.map((k) =>
              eb.and([
                k.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', k.userId),
                eb('kind', '=', k.kind),
                eb('subkey', '=', k.subkey),
                eb('shard', '=', k.shard),
              ]),
            ),
          ),
        )
        .execute();
    },

    /**
     * Creates the accounts that do not exist yet; existing ones are left as they are. Rows
     * go in one fixed order, so two posts creating the same new accounts cannot deadlock.
     */
    async createAccounts(q: Db, rows: (AccountKey & { mayGoNegative: boolean })[]) {
      if (rows.length === 0) return;
      const sorted = [...rows].sort((a, b) =>
        compareKeys(
          [a.userId ?? '', a.kind, a.subkey, String(a.shard)],
          [b.userId ?? '', b.kind, b.subkey, String(b.shard)],
        ),
      );
      await q
        .insertInto('accounts')
        .values(
          sorted.map((r) => ({
            user_id: r.userId,
            kind: r.kind,
            subkey: r.subkey,
            shard: r.shard,
            may_go_negative: r.mayGoNegative,
          })),
        )
        .onConflict((oc) => oc.constraint('accounts_key').doNothing())
        .execute();
    },

    /**
     * Writes one entry through ledger_post() (migration 0002): the entry, then each account
     * in id order by conditional update, each posting with the balance after it. One
     * statement. Returns the postings written, or those of the first entry with this key
     * (replayed). Throws a pg error with code OL001 (a no-negative account would go below
     * zero) or OL002 (key used for another payload).
     */
    async postEntry(q: Db, entry: NewEntry, legs: { accountId: string; amount: bigint }[]) {
      const { rows } = await sql<{
        entry_id: string;
        created_at: Date;
        replayed: boolean;
        account_id: string;
        amount: string;
        balance_after: string;
      }>`
        select * from ledger_post(
          ${entry.kind}, ${entry.idempotencyKey}, ${entry.reference}, ${entry.memo},
          ${entry.reason}, ${entry.operatorId}, ${entry.payloadHash},
          ${legs.map((l) => l.accountId)}::bigint[], ${legs.map((l) => l.amount.toString())}::bigint[]
        )
      `.execute(q);
      return rows;
    },

    /**
     * Ids of many accounts at once (created first where missing, in key order), in the
     * order of `keys`. Set-based: one insert and one select whatever the count.
     */
    async resolveAccountsBulk(q: Db, keys: (AccountKey & { mayGoNegative: boolean })[]) {
      if (keys.length === 0) return [];
      const ids: string[] = new Array<string>(keys.length);
      // Equality joins only (IS NOT DISTINCT FROM cannot hash): user accounts by user id,
      // platform accounts (user_id null) apart. Existing accounts are looked up first (one
      // round trip in the usual case); only those missing are created, then read.
      const find = async (at: number[]) => {
        const part = at.map((i) => keys[i]!);
        const { rows } = await sql<{ id: string; i: number }>`
          with x as materialized (
            select x.u, x.k, x.s, x.h, x.i::integer as i
            from unnest(${part.map((k) => k.userId)}::bigint[], ${part.map((k) => k.kind)}::text[],
                        ${part.map((k) => k.subkey)}::text[], ${part.map((k) => k.shard)}::smallint[])
              with ordinality as x (u, k, s, h, i)
          )
          select a.id::text as id, x.i
          from x join accounts a
            on a.user_id = x.u and a.kind = x.k and a.subkey = x.s and a.shard = x.h
          union all
          select a.id::text, x.i
          from x join accounts a
            on a.user_id is null and x.u is null and a.kind = x.k and a.subkey = x.s
           and a.shard = x.h
        `.execute(q);
        for (const row of rows) ids[at[row.i - 1]!] = row.id;
      };
      await find(keys.map((_, i) => i));
      const missing = keys.flatMap((_, i) => (ids[i] === undefined ? [i] : []));
      if (missing.length === 0) return ids;
      const part = missing.map((i) => keys[i]!);
      for (const platform of [false, true]) {
        await sql`
          with x as materialized (
            select * from unnest(${part.map((k) => k.userId)}::bigint[],
              ${part.map((k) => k.kind)}::text[], ${part.map((k) => k.subkey)}::text[],
              ${part.map((k) => k.shard)}::smallint[], ${part.map((k) => k.mayGoNegative)}::boolean[])
              as x (u, k, s, h, n)
          )
          insert into accounts (user_id, kind, subkey, shard, may_go_negative)
          select distinct on (x.u, x.k, x.s, x.h) x.u, x.k, x.s, x.h, x.n
          from x
          where ${platform ? sql`x.u is null` : sql`x.u is not null`}
          order by x.u, x.k, x.s, x.h
          on conflict on constraint accounts_key do nothing
        `.execute(q);
      }
      await find(missing);
      return ids;
    },

    /**
     * Writes many entries through ledger_post_batch() (migration 0040): a few statements
     * whatever the count. Returns, per entry in order, its id and whether it was a replay.
     */
    async postBatch(
      q: Db,
      entries: (NewEntry & { legs: { accountId: string; amount: bigint }[] })[],
    ) {
      const legEntries: number[] = [];
      const legAccounts: string[] = [];
      const legAmounts: string[] = [];
      entries.forEach((entry, i) => {
        for (const leg of entry.legs) {
          legEntries.push(i + 1);
          legAccounts.push(leg.accountId);
          legAmounts.push(leg.amount.toString());
        }
      });
      const { rows } = await sql<{ idx: number; entry_id: string; replayed: boolean }>`
        select idx, entry_id::text as entry_id, replayed from ledger_post_batch(
          ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.idempotencyKey)}::text[],
          ${entries.map((e) => e.reference)}::text[], ${entries.map((e) => e.memo)}::text[],
          ${entries.map((e) => e.payloadHash)}::bytea[], ${legEntries}::integer[],
          ${legAccounts}::bigint[], ${legAmounts}::bigint[]
        )
      `.execute(q);
      return rows;
    },

    /**
     * Stages a credits query's rows (user_id, amount) in this transaction's temporary
     * ledger_credits, for ledger_post_credits() (migration 0123), and opens the credited
     * users' accounts of `kind` that do not exist yet. Returns how many rows were staged.
     */
    async stageCredits(q: Db, credits: RawBuilder<unknown>, kind: string) {
      // A crowd at once: the query's grouping and the post's joins get memory enough to
      // sort and hash in it rather than on disk (this transaction only).
      await sql`set local work_mem = '64MB'`.execute(q);
      await sql`
        create temp table if not exists ledger_credits (user_id bigint, amount bigint)
        on commit drop
      `.execute(q);
      await sql`truncate ledger_credits`.execute(q);
      const staged = await sql`
        insert into ledger_credits (user_id, amount) select * from (${credits}) c
      `.execute(q);
      await sql`
        insert into accounts (user_id, kind)
        select c.user_id, ${kind} from ledger_credits c
        where c.user_id is not null and not exists (
          select 1 from accounts a
          where a.user_id = c.user_id and a.kind = ${kind} and a.subkey = '' and a.shard = 0)
        on conflict on constraint accounts_key do nothing
      `.execute(q);
      return Number(staged.numAffectedRows ?? 0n);
    },

    /** The users of the staged credits (a payout's renters), for the balance cache. */
    async stagedUsers(q: Db): Promise<string[]> {
      const { rows } = await sql<{ user_id: string }>`
        select user_id::text from ledger_credits where user_id is not null
      `.execute(q);
      return rows.map((r) => r.user_id);
    },

    /** Posts the staged credits as one entry debiting `fromId` (ledger_post_credits). */
    async postCredits(
      q: Db,
      entry: {
        kind: string;
        idempotencyKey: string;
        reference: string | null;
        memo: string | null;
        fromId: string;
        fromLogical: string;
        userKind: string;
      },
    ) {
      const { rows } = await sql<{
        entry_id: string;
        replayed: boolean;
        credits: number;
        total: string;
      }>`
        select entry_id::text as entry_id, replayed, credits, total::text as total
        from ledger_post_credits(${entry.kind}, ${entry.idempotencyKey}, ${entry.reference},
          ${entry.memo}, ${entry.fromId}, ${entry.fromLogical}, ${entry.userKind})
      `.execute(q);
      return rows[0]!;
    },

    accountsById(q: Db, ids: string[]) {
      return q
        .selectFrom('accounts')
        .select(['id', 'user_id', 'kind', 'subkey'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * The user's balance per account kind (robot and rental accounts summed) and the net change made by entries of the given
     * kinds, in one round trip (userinfo is on every screen).
     */
    /** One of a user's balances, its row locked until the transaction ends (0 if none yet). */
    async lockedUserBalance(q: Db, userId: string, kind: string): Promise<bigint> {
      const { rows } = await sql<{ balance: string }>`
        select balance::text from accounts
         where user_id = ${userId} and kind = ${kind} and subkey = '' for update`.execute(q);
      return BigInt(rows[0]?.balance ?? '0');
    },

    async userFigures(userId: string, kinds: readonly string[], unearned: readonly string[]) {
      const row = await db
        .selectNoFrom([
          sql<Record<string, string> | null>`(
            select json_object_agg(kind, balance) from (
              select kind, sum(balance)::text as balance from accounts
              where user_id = ${userId} group by kind
            ) k
          )`.as('balances'),
          sql<string>`(
            select coalesce(sum(p.amount), 0)::text
            from postings p
            join accounts a on a.id = p.account_id
            join journal_entries e on e.id = p.entry_id
            where a.user_id = ${userId} and e.kind = any(${[...kinds]}::text[])
              and a.kind <> all(${[...unearned]}::text[])
          )`.as('net'),
        ])
        .executeTakeFirstOrThrow();
      return { balances: row.balances ?? {}, net: BigInt(row.net) };
    },

    /** A user's balance of one account kind (every subkey), unlocked. */
    async userAccountBalance(userId: string, kind: string) {
      const { rows } = await sql<{ balance: string }>`
        select coalesce(sum(balance), 0)::text as balance from accounts
         where user_id = ${userId} and kind = ${kind}`.execute(db);
      return BigInt(rows[0]!.balance);
    },

    /** One page of the postings on one of the user's accounts, newest first, and the count. */
    async accountHistory(
      userId: string,
      accountKind: string,
      options: { entryKind?: string; limit: number; offset: number },
    ) {
      const account = await db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', accountKind)
        .where('subkey', '=', '')
        .where('shard', '=', 0)
        .executeTakeFirst();
      if (!account) return { rows: [], total: 0 };
      let base = db
        .selectFrom('postings as p')
        .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
        .where('p.account_id', '=', account.id);
      if (options.entryKind) base = base.where('e.kind', '=', options.entryKind);
      const [rows, count] = await Promise.all([
        base
          .select([
            'e.id',
            'e.kind',
            'e.memo',
            'e.reference',
            'e.created_at',
            'p.amount',
            'p.balance_after',
            'p.id as posting_id',
          ])
          .orderBy('p.id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Sum over the shards of one platform account. */
    async platformBalance(kind: string, subkey = ''): Promise<bigint> {
      const row = await db
        .selectFrom('accounts')
        .select(sql<string>`coalesce(sum(balance), 0)::text`.as('balance'))
        .where('user_id', 'is', null)
        .where('kind', '=', kind)
        .where('subkey', '=', subkey)
        .executeTakeFirstOrThrow();
      return BigInt(row.balance);
    },
  };
}

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
