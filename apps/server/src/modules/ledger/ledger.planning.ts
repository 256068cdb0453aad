// Entry planning: the accounts a posting may name and the rules every entry is checked
// against (its kind's accounts, balanced, each account once, shards drawn) before a row is
// written. Pure: no database, so the rules test without I/O (ledger.property.test.ts).
import { createHash, randomInt } from 'node:crypto';
import {
  ENTRY_KINDS,
  PLATFORM_ACCOUNTS,
  isEntryKind,
  isPlatformAccountKind,
  isUserAccountKind,
  type AccountKind,
  type EntryKind,
  type PlatformAccountKind,
  type UserAccountKind,
} from './kinds.ts';
import type { AccountKey } from './ledger.repository.ts';

/** Which account a posting moves: a user's (with userId) or the platform's. */
export type AccountRef =
  | { kind: UserAccountKind; userId: string; subkey?: string }
  | { kind: PlatformAccountKind; userId?: undefined; subkey?: string };

export const userAccount = (userId: string, kind: UserAccountKind, subkey = ''): AccountRef => ({
  kind,
  userId,
  subkey,
});
export const platformAccount = (kind: PlatformAccountKind, subkey = ''): AccountRef => ({
  kind,
  subkey,
});

export interface EntryRequest {
  kind: EntryKind;
  /** Same key, same entry: a retry returns the first result instead of posting again. */
  idempotencyKey: string;
  /** What the entry is about, e.g. `withdrawal:42`; indexed. */
  reference?: string | null;
  /** Shown to the investor in Fund Details. */
  memo?: string | null;
  /** Operator kinds only (required there): why, and who. Not shown to the investor. */
  reason?: string | null;
  operatorId?: string | null;
  /** Signed amounts in 10^-8 USDT; positive adds to the account's balance. Sum to zero. */
  postings: { account: AccountRef; amount: bigint }[];
}

/** A caller built an entry the ledger does not allow: a bug in the calling module. */
export class LedgerEntryError extends Error {
  constructor(message: string) {
    super(`ledger: ${message}`);
    this.name = 'LedgerEntryError';
  }
}

export interface PlannedLeg extends AccountKey {
  amount: bigint;
  mayGoNegative: boolean;
  /** The account without its shard: what the idempotency payload compares. */
  logical: string;
}

export interface Plan {
  request: EntryRequest;
  legs: PlannedLeg[];
  payloadHash: Buffer;
}

const ID = /^[1-9]\d{0,18}$/;
const SUBKEY = /^[0-9A-Za-z_:-]{0,64}$/;

/** How many rows a platform account is split into (decision 005). */
export type ShardCount = (kind: PlatformAccountKind) => number;
export const defaultShards: ShardCount = (kind) => PLATFORM_ACCOUNTS[kind].shards;
/** Which of a platform account's `shards` rows a leg posts to. */
export type ShardPick = (kind: PlatformAccountKind, shards: number) => number;
export const anyShard: ShardPick = (_kind, shards) => randomInt(shards);

export function planLeg(
  account: AccountRef,
  amount: bigint,
  shardsOf: ShardCount,
  pick: ShardPick = anyShard,
): PlannedLeg {
  const subkey = account.subkey ?? '';
  if (typeof amount !== 'bigint' || amount === 0n) {
    throw new LedgerEntryError(`amount must be a non-zero bigint (${String(amount)})`);
  }
  if (!SUBKEY.test(subkey)) throw new LedgerEntryError(`bad subkey ${subkey}`);
  if (isUserAccountKind(account.kind)) {
    if (!account.userId || !ID.test(account.userId)) {
      throw new LedgerEntryError(`${account.kind} needs a user id`);
    }
    if ((account.kind === 'available' || account.kind === 'frozen') && subkey !== '') {
      throw new LedgerEntryError(`${account.kind} has no subkey`);
    }
    return {
      userId: account.userId,
      kind: account.kind,
      subkey,
      shard: 0,
      amount,
      mayGoNegative: false,
      logical: `${account.userId}/${account.kind}/${subkey}`,
    };
  }
  if (!isPlatformAccountKind(account.kind)) {
    throw new LedgerEntryError(`unknown account kind ${String(account.kind)}`);
  }
  if (account.userId !== undefined) {
    throw new LedgerEntryError(`${account.kind} is a platform account`);
  }
  const rule = PLATFORM_ACCOUNTS[account.kind];
  const shards = shardsOf(account.kind);
  if (!(rule.subkeys as readonly string[]).includes(subkey)) {
    throw new LedgerEntryError(`${account.kind} has no subkey "${subkey}"`);
  }
  // A sharded account that may not go negative can only be credited here: a debit would
  // have to find a shard holding enough (done by a dedicated sweep when it is needed).
  if (shards > 1 && !rule.mayGoNegative && amount < 0n) {
    throw new LedgerEntryError(`${account.kind} is sharded and credit-only`);
  }
  return {
    userId: null,
    kind: account.kind,
    subkey,
    shard: shards > 1 ? pick(account.kind, shards) : 0,
    amount,
    mayGoNegative: rule.mayGoNegative,
    logical: `platform/${account.kind}/${subkey}`,
  };
}

/** Checks an entry against the rules of its kind and fixes its shards and payload hash. */
/**
 * The legs as [logical, amount] pairs in the order `Array.prototype.sort()` gives them
 * (by their text "logical,amount", UTF-16 code units): the order every stored payload hash
 * was made with. Each pair's text is built once rather than at every comparison, which
 * matters for an entry of 200,000 legs (a day's mining payout).
 */
function sortedPairs(legs: PlannedLeg[]) {
  const keyed = legs.map((l) => {
    const pair = [l.logical, l.amount.toString()];
    return { pair, text: `${pair[0]},${pair[1]}` };
  });
  keyed.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return keyed.map((k) => k.pair);
}

/** The rule of an entry's kind, once the kind is known and its idempotency key well formed. */
export function entryRule(kind: EntryKind, key: string) {
  if (!isEntryKind(kind)) throw new LedgerEntryError(`unknown entry kind ${String(kind)}`);
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw new LedgerEntryError('idempotency key must be 1 to 200 characters');
  }
  return ENTRY_KINDS[kind];
}

/** Checks an entry against the rules of its kind and fixes its shards and payload hash. */
export function planEntry(
  request: EntryRequest,
  shardsOf = defaultShards,
  pick: ShardPick = anyShard,
): Plan {
  const { kind } = request;
  const rule = entryRule(kind, request.idempotencyKey);
  if (request.postings.length < 2) throw new LedgerEntryError('an entry needs two postings');
  const legs = request.postings.map((p) => {
    if (!(rule.accounts as readonly AccountKind[]).includes(p.account.kind)) {
      throw new LedgerEntryError(`${kind} may not touch ${p.account.kind}`);
    }
    return planLeg(p.account, p.amount, shardsOf, pick);
  });
  if (new Set(legs.map((l) => l.logical)).size !== legs.length) {
    throw new LedgerEntryError('an entry touches each account once');
  }
  const total = legs.reduce((sum, l) => sum + l.amount, 0n);
  if (total !== 0n) throw new LedgerEntryError(`postings sum to ${total}, not zero`);
  if (rule.operator && (!request.reason?.trim() || !request.operatorId?.trim())) {
    throw new LedgerEntryError(`${kind} needs a reason and the operator's id`);
  }
  const canonical = JSON.stringify({
    kind,
    reference: request.reference ?? null,
    memo: request.memo ?? null,
    reason: request.reason ?? null,
    operatorId: request.operatorId ?? null,
    legs: sortedPairs(legs),
  });
  return { request, legs, payloadHash: createHash('sha256').update(canonical).digest() };
}

export const accountKeyOf = (k: AccountKey) => `${k.userId ?? ''}|${k.kind}|${k.subkey}|${k.shard}`;
