// SQL of the posting path and the investor's views. Balances move only through
// applyToBalance, a conditional update the database re-checks under the row lock.
import { sql } from 'kysely';
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

    accountsById(q: Db, ids: string[]) {
      return q
        .selectFrom('accounts')
        .select(['id', 'user_id', 'kind', 'subkey'])
        .where('id', 'in', ids)
        .execute();
    },

    /** The user's balance per account kind (robot and rental accounts summed). */
    userBalancesByKind(userId: string) {
      return db
        .selectFrom('accounts')
        .select(['kind', sql<string>`sum(balance)::text`.as('balance')])
        .where('user_id', '=', userId)
        .groupBy('kind')
        .execute();
    },

    /** Net change of the user's accounts made by entries of the given kinds. */
    async userNetByEntryKinds(userId: string, kinds: readonly string[]): Promise<bigint> {
      if (kinds.length === 0) return 0n;
      const row = await db
        .selectFrom('postings as p')
        .innerJoin('accounts as a', 'a.id', 'p.account_id')
        .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
        .select(sql<string>`coalesce(sum(p.amount), 0)::text`.as('total'))
        .where('a.user_id', '=', userId)
        .where('e.kind', 'in', kinds)
        .executeTakeFirstOrThrow();
      return BigInt(row.total);
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
