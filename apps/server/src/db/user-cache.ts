// Per-user figures kept in memory until a notification on a channel says they changed.
// Two caches use it (one listening connection each):
// - the balance cache (`ledger_moved`): what userinfo and Home show of a user's balances.
//   A post drops its users here at once, keeps them out of the cache for a second (its
//   transaction may commit later), and announces them to every other process, which drops
//   them too: about 20 ms after the post and again a second later, or once after the
//   commit when that is known (a post of its own, a robot's transaction: decision 211).
//   The announcement is a NOTIFY of its own, outside the ledger's transactions: a NOTIFY
//   inside them serialises their commits (it cost single posts 45% of their rate).
//   Balances changed by hand in SQL show within the maximum age (decision 117b).
// - the profile cache (`user_changed`): the shown part of the user row and the saved
//   withdrawal addresses, announced by triggers at commit (docs/decisions/121-profile-cache.md).
// While the listening connection is down nothing is cached.
import pg from 'pg';

export const BALANCE_CHANNEL = 'ledger_moved';
export const PROFILE_CHANNEL = 'user_changed';
/** A session revoked, replaced or ended, or its user's status changed (migration 0165). */
export const SESSION_CHANNEL = 'session_changed';
/** After a post in this process, its users' figures are read afresh for this long. */
const TOUCH_MS = 1_000;
/** Posts' users are announced in one NOTIFY per this many milliseconds. */
const ANNOUNCE_MS = 20;
/** A NOTIFY payload must stay under 8,000 bytes. */
const PAYLOAD_BYTES = 7_000;
/** Above this many users in one post, every process drops everything instead. */
export const MANY_USERS = 5_000;
const MAX_ENTRIES = 100_000;
/**
 * The longest an entry of a cache whose changes are announced is served (the balances,
 * profiles and sessions). Every change is announced, so this bounds only what no
 * announcement covers: a balance changed by hand in SQL. It is longer than the interval at
 * which a crowd of 20,000 investors comes back (issue 33): with one minute, each of their
 * calls read the database again.
 */
export const ANNOUNCED_MAX_AGE_MS = 5 * 60_000;

/**
 * For a repository that writes what the profile cache holds: told after each such write in
 * this process, so the entry is dropped at once (the trigger's notification follows).
 */
export interface ProfileWrites {
  changed?: (userId: string) => void;
}

export interface UserCacheOptions {
  /** The channel whose notifications (user ids, comma-separated; `*` for all) drop entries. */
  channel: string;
  /** A connection string to listen on; null turns the cache off (unless it `follows`). */
  connectionString: string | null;
  /**
   * Another cache on the same channel whose connection this one shares: it drops what that
   * one drops, and caches while that one listens (one listening connection per channel).
   */
  follows?: UserCache<unknown>;
  /** The longest an entry is served, even without a notification (0: no cache). */
  maxAgeMs: number;
  /**
   * This process announces its own writes (the balances: posts announce their users after
   * commit). While it did not listen, or before it started, its announcements were lost (a
   * predecessor may have died between a commit and its announcement), so on each (re)connect
   * it announces everybody once.
   */
  announcesWrites?: boolean;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export function userCache<T>(options: UserCacheOptions) {
  const channel = options.channel;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: T }>();
  const touchedAt = new Map<string, number>();
  // Bumped by every invalidation, so a read that raced one is not stored.
  const generations = new Map<string, number>();
  let generation = 0;
  let everyoneTouchedAt = -Infinity;
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  // Users to announce now, and those to announce again a second later.
  let pending = new Set<string>();
  let flushing: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();
  const waves: NodeJS.Timeout[] = [];
  // Told of every user dropped, `*` for everyone (the session cache keeps its own entries).
  const droppedListeners: ((userId: string) => void)[] = [];
  // Transactions whose owner announces their users once they commit (`joinCommit`): the
  // users touched in them are collected there instead of announced twice.
  const atCommit = new WeakMap<object, Set<string>>();

  function announceSoon(userIds: Iterable<string>) {
    for (const id of userIds) pending.add(id);
    if (!flushing) flushing = setTimeout(flush, ANNOUNCE_MS).unref();
  }

  /** Tells other processes now, and again a second later (a transaction perhaps still open). */
  function announceTwice(userIds: string[]) {
    announceSoon(userIds);
    const wave: NodeJS.Timeout = setTimeout(() => {
      waves.splice(waves.indexOf(wave), 1);
      announceSoon(userIds);
    }, TOUCH_MS).unref();
    waves.push(wave);
  }

  function flush() {
    flushing = null;
    const users = [...pending];
    pending = new Set();
    const sender = client;
    if (!listening || !sender || users.length === 0) return;
    const payloads: string[] = [];
    let current = '';
    for (const id of users) {
      if (current.length + id.length + 1 > PAYLOAD_BYTES) {
        payloads.push(current);
        current = '';
      }
      current = current ? `${current},${id}` : id;
    }
    if (current) payloads.push(current);
    // One at a time on the listening connection (pg deprecates queries issued while one
    // is running, and a crowd's announcement is several payloads).
    for (const payload of payloads) {
      sending = sending
        .then(() => sender.query('select pg_notify($1, $2)', [channel, payload]))
        .then(
          () => undefined,
          (error: unknown) => options.onError?.(error),
        );
    }
  }

  function drop(userId: string) {
    for (const listener of droppedListeners) listener(userId);
    entries.delete(userId);
    generations.set(userId, (generations.get(userId) ?? 0) + 1);
    // One number per user ever dropped would grow with the user base: past the bound,
    // start again from nothing (everything is read afresh once).
    if (generations.size > MAX_ENTRIES) dropAll();
  }
  function dropAll() {
    for (const listener of droppedListeners) listener('*');
    entries.clear();
    generations.clear();
    generation += 1;
  }

  let following = false;
  const isListening = (): boolean => (options.follows ? options.follows.active : listening);

  async function listen() {
    if (options.follows) {
      if (!following) options.follows.onDropped((id) => (id === '*' ? dropAll() : drop(id)));
      following = true;
      return;
    }
    if (stopped || !options.connectionString || options.maxAgeMs <= 0) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: `olive-cache-${channel}`,
    });
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      listening = false;
      dropAll();
      if (error) options.onError?.(error);
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void listen(), 1_000).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel !== channel) return;
      for (const id of (message.payload || '*').split(',')) {
        if (id === '*') dropAll();
        else drop(id);
      }
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (client === next) {
        listening = true;
        if (options.announcesWrites) announceSoon(['*']);
      }
    } catch (error) {
      lost(error);
    }
  }

  /**
   * The users' accounts are about to move (`done` false) or just moved (`done` true) in
   * this process. Once moved, other processes are told, now and a second later: the move
   * may be in a transaction that commits after the first announcement. In `trx`, a
   * transaction whose owner joined it (`joinCommit`), they are told once, after it commits.
   */
  function touched(userIds: Iterable<string>, done = false, trx?: object) {
    const at = now();
    const ids = [...userIds];
    for (const id of ids) {
      drop(id);
      touchedAt.set(id, at);
    }
    if (touchedAt.size > MAX_ENTRIES) touchedAt.clear();
    if (!done || ids.length === 0) return;
    const joined = trx && atCommit.get(trx);
    if (joined) for (const id of ids) joined.add(id);
    else if (listening) announceTwice(ids.length > MANY_USERS ? ['*'] : ids);
  }

  /** A fresh entry of `userId`, without waiting; undefined when `get` would read. */
  function peek(userId: string): T | undefined {
    if (!isListening() || options.maxAgeMs <= 0) return undefined;
    const hit = entries.get(userId);
    return hit && now() - hit.at < options.maxAgeMs ? hit.value : undefined;
  }
  return {
    start: listen,

    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (flushing) clearTimeout(flushing);
      for (const wave of waves.splice(0)) clearTimeout(wave);
      listening = false;
      dropAll();
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },

    /** Calls `listener` with each user id dropped, or `*` when everything is dropped. */
    onDropped(listener: (userId: string) => void) {
      droppedListeners.push(listener);
    },

    /** Whether figures are being cached (listening, and a maximum age above zero). */
    get active(): boolean {
      return isListening() && options.maxAgeMs > 0;
    },

    touched,

    /**
     * The users touched in `trx` from now on (`touched(ids, true, trx)`) are added to
     * `users`, which its owner passes to `committed` once it commits, instead of being
     * announced now and a second later (a fill's ledger posts and row write: one drop per
     * fill in every other process, not two).
     */
    joinCommit(trx: object, users: Set<string>) {
      atCommit.set(trx, users);
    },

    /**
     * The users' accounts moved in a transaction that has committed: dropped here (and kept
     * out for a second, as `touched`), and other processes are told once.
     */
    committed(userIds: Iterable<string>) {
      const ids = [...userIds];
      touched(ids);
      if (listening && ids.length > 0) announceSoon(ids.length > MANY_USERS ? ['*'] : ids);
    },

    /**
     * Like touched(), for every user at once (a payout that credits a crowd its query
     * chose in the database): nothing is kept, nothing read within a second is stored,
     * and other processes are told everybody, now and a second later.
     */
    touchedEveryone(done = false) {
      dropAll();
      everyoneTouchedAt = now();
      if (done && listening) announceTwice(['*']);
    },

    /** What `get` would answer from memory now, without waiting; undefined if it would read. */
    peek,

    async get(userId: string, load: () => Promise<T>): Promise<T> {
      if (!isListening() || options.maxAgeMs <= 0) return load();
      const at = now();
      const kept = peek(userId);
      if (kept !== undefined) return kept;
      const before = { user: generations.get(userId) ?? 0, all: generation };
      const value = await load();
      const fresh =
        now() - Math.max(touchedAt.get(userId) ?? -Infinity, everyoneTouchedAt) >= TOUCH_MS;
      if (
        isListening() &&
        fresh &&
        before.user === (generations.get(userId) ?? 0) &&
        before.all === generation
      ) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(userId, { at, value });
      }
      return value;
    },
  };
}

export type UserCache<T> = ReturnType<typeof userCache<T>>;
