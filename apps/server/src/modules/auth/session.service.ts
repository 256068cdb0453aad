// Opaque 256-bit session tokens. The database keeps only their SHA-256; a session ends
// when idle too long, at its absolute expiry, or when revoked. Older sessions are
// rotated: the reply carries a new token and the old one keeps working for a short
// grace period so requests already in flight do not fail.
import { hash, randomBytes } from 'node:crypto';
import { ANNOUNCED_MAX_AGE_MS } from '../../db/user-cache.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SessionRepository } from './session.repository.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  rotateMs: number;
  /** How long a replaced token still works. */
  graceMs: number;
  /** last_seen_at is written at most this often, not on every request. */
  touchMs: number;
}

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  /** A new token when this one was rotated; the reply must carry it. */
  rotatedToken?: string;
}

// Node's one-shot hash: no Hash object per call.
export const hashToken = (token: string) => hash('sha256', token, 'buffer');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * How long a looked-up session row is reused by this process when no announcement of
 * changes is heard. A revocation, a frozen account or a password change made by another
 * process is honoured within this time; in this process at once (the entries are
 * dropped). See docs/decisions/117-session-cache.md.
 */
export const SESSION_CACHE_MS = 1_000;
/**
 * How long while every change is announced (`session_changed`, decision 156): the
 * database tells each process of a revocation, a replacement or a status change at its
 * commit, so an entry is only the row as it stands (the touch of `last_seen_at` updates
 * the entry with what it wrote).
 */
export const SESSION_CACHE_ANNOUNCED_MS = ANNOUNCED_MAX_AGE_MS;
/** Sessions kept in memory: the active crowd of one API process. */
const SESSION_CACHE_MAX = 100_000;

/** Announcements of changed sessions, by user id (`*` for all): `db/user-cache.ts`. */
export interface SessionChanges {
  /** True while announcements are heard; otherwise entries live SESSION_CACHE_MS. */
  readonly active: boolean;
  onDropped(listener: (userId: string) => void): void;
}

type SessionRow = NonNullable<Awaited<ReturnType<SessionRepository['findByHash']>>>;

/** A cached row with its times as numbers, worked out once rather than on every call. */
interface CachedSession {
  row: SessionRow;
  readAt: number;
  expiresAt: number;
  lastSeenAt: number;
  createdAt: number;
  replacedAt: number | null;
  /** Read while changes were announced: kept SESSION_CACHE_ANNOUNCED_MS, else SESSION_CACHE_MS. */
  announced: boolean;
}

const ms = (at: Date | string) => new Date(at).getTime();

export function sessionService(
  repo: SessionRepository,
  clock: Clock,
  policy: SessionPolicy,
  changes?: SessionChanges,
) {
  // token -> the row and when it was read. Keyed by the token itself, so a call whose
  // session is cached hashes nothing: the process holds the tokens it is sent anyway; the
  // database keeps only their hashes, so a copy of it signs no one in. Map order is
  // insertion order, so the first key is the oldest when the cache is full.
  const cache = new Map<string, CachedSession>();
  // user id -> their cached tokens, so an announcement drops them without a scan.
  const byUser = new Map<string, Set<string>>();
  // Bumped by every drop: a read that raced one is not kept (it may predate the change).
  let epoch = 0;
  const remove = (token: string) => {
    const entry = cache.get(token);
    if (!entry) return;
    cache.delete(token);
    const tokens = byUser.get(entry.row.user_id);
    tokens?.delete(token);
    if (tokens?.size === 0) byUser.delete(entry.row.user_id);
  };
  const forgetUserTokens = (userId: string) => {
    epoch += 1;
    if (userId === '*') {
      cache.clear();
      byUser.clear();
      return;
    }
    for (const token of byUser.get(userId) ?? []) cache.delete(token);
    byUser.delete(userId);
  };
  const forget = (match: (row: SessionRow) => boolean) => {
    epoch += 1;
    for (const [key, entry] of cache) if (match(entry.row)) remove(key);
  };
  changes?.onDropped(forgetUserTokens);
  const touches = laterTouches(repo);

  /** The cached entry of `token` while it may be reused; undefined when it must be read. */
  function cached(token: string, now: number): CachedSession | undefined {
    const hit = cache.get(token);
    return hit && now - hit.readAt < (hit.announced ? SESSION_CACHE_ANNOUNCED_MS : SESSION_CACHE_MS)
      ? hit
      : undefined;
  }

  async function lookup(token: string): Promise<CachedSession | undefined> {
    const now = Date.now();
    const announced = changes?.active === true;
    const hit = cached(token, now);
    if (hit) return hit;
    const before = epoch;
    const row = await repo.findByHash(hashToken(token));
    remove(token);
    if (!row) return undefined;
    const entry: CachedSession = {
      row,
      readAt: now,
      expiresAt: ms(row.expires_at),
      // A time this process set and has yet to write is the later one.
      lastSeenAt: Math.max(ms(row.last_seen_at), touches.pendingAt(row.id)),
      createdAt: ms(row.created_at),
      replacedAt: row.replaced_at ? ms(row.replaced_at) : null,
      announced,
    };
    if (before !== epoch) return entry;
    if (cache.size >= SESSION_CACHE_MAX) remove(cache.keys().next().value!);
    cache.set(token, entry);
    const tokens = byUser.get(row.user_id);
    if (tokens) tokens.add(token);
    else byUser.set(row.user_id, new Set([token]));
    return entry;
  }

  async function issue(
    userId: string,
    meta: { ip?: string; userAgent?: string } = {},
    expiresAt?: Date,
    /** A rotation: the sign-in it continues (its first row). */
    signInId?: string,
  ) {
    const token = newToken();
    const now = clock.now();
    const { id } = await repo.insert({
      userId,
      tokenHash: hashToken(token),
      now,
      // A rotated token inherits the absolute expiry of the sign-in it continues.
      expiresAt: expiresAt ?? new Date(now.getTime() + policy.absoluteMs),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
      signInId: signInId ?? null,
    });
    return { token, sessionId: id };
  }

  const tokenShape = /^[A-Za-z0-9_-]{43}$/;

  /** What a session's row says of a call now; `rotate` when a new token must be issued. */
  function verdict(entry: CachedSession): ResolvedSession | null | 'rotate' {
    const { row } = entry;
    if (row.revoked_at || row.status !== 'active') return null;
    const now = clock.now().getTime();
    if (now >= entry.expiresAt) return null;
    if (now - entry.lastSeenAt >= policy.idleMs) return null;
    if (entry.replacedAt !== null) {
      return now - entry.replacedAt < policy.graceMs
        ? { sessionId: row.id, userId: row.user_id }
        : null;
    }
    if (now - entry.createdAt >= policy.rotateMs) return 'rotate';
    if (now - entry.lastSeenAt >= policy.touchMs) {
      const at = clock.now();
      touches.add(row.id, at);
      // The row is otherwise as read; an announcement of a change still drops it.
      entry.lastSeenAt = at.getTime();
    }
    return { sessionId: row.id, userId: row.user_id };
  }

  async function resolve(
    token: string,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<ResolvedSession | null> {
    if (!tokenShape.test(token)) return null;
    const entry = await lookup(token);
    if (!entry) return null;
    const decided = verdict(entry);
    if (decided !== 'rotate') return decided;
    const { row } = entry;
    remove(token);
    if (await repo.markReplaced(row.id, clock.now())) {
      const next = await issue(
        row.user_id,
        meta,
        new Date(row.expires_at),
        row.sign_in_id ?? row.id,
      );
      return { sessionId: next.sessionId, userId: row.user_id, rotatedToken: next.token };
    }
    return { sessionId: row.id, userId: row.user_id };
  }

  /**
   * `resolve` without waiting, when the session is in memory and needs no new token: a
   * crowd's steady call (issue 33). Undefined when it must be read or rotated; then the
   * caller waits for `resolve`, which answers the same.
   */
  function resolveNow(token: string): ResolvedSession | null | undefined {
    if (!tokenShape.test(token)) return null;
    const entry = cached(token, Date.now());
    if (!entry) return undefined;
    const decided = verdict(entry);
    return decided === 'rotate' ? undefined : decided;
  }

  return {
    issue,
    resolve,
    resolveNow,
    revoke: (sessionId: string) => {
      forget((row) => row.id === sessionId);
      return repo.revoke(sessionId, clock.now());
    },
    revokeOthers: (userId: string, keepSessionId: string) => {
      forget((row) => row.user_id === userId && row.id !== keepSessionId);
      return repo.revokeAllForUser(userId, clock.now(), keepSessionId);
    },
    revokeAll: (userId: string) => {
      forget((row) => row.user_id === userId);
      return repo.revokeAllForUser(userId, clock.now());
    },
    /** The console's view of a user's sessions in use (see the repository). */
    active: (userId: string) => {
      const now = clock.now();
      return repo.active(userId, now, new Date(now.getTime() - policy.idleMs));
    },
    signIns: (userId: string, limit = 20) => repo.signIns(userId, limit),
    /** An operator ends one sign-in (with its rotations); false when it is not this user's. */
    revokeSignIn: (userId: string, sessionId: string) => {
      forget((row) => row.user_id === userId);
      return repo.revokeSignIn(userId, sessionId, clock.now());
    },
    /** Drops what this process remembers of a user's sessions (status changed). */
    forgetUser: (userId: string) => forget((row) => row.user_id === userId),
    /** Writes the `last_seen_at` times still gathered (at shutdown). */
    flushTouches: () => touches.flush(),
  };
}

/** How long `last_seen_at` writes are gathered before one statement writes them. */
export const TOUCH_GATHER_MS = 1_000;

/**
 * `last_seen_at` written behind the answer: the times a second's calls set are written
 * in one statement, not one update per session awaited inside the call (decision 208).
 * Nothing reads the column within a second that a second changes: the idle limit is hours
 * and this process keeps the time it set. A write that fails is tried again with the
 * next second's.
 */
function laterTouches(repo: Pick<SessionRepository, 'touch'>) {
  let pending = new Map<string, Date>();
  // The batch being written: its times are not yet certain to be in the row either.
  let inFlight = new Map<string, Date>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    timer = undefined;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    inFlight = batch;
    try {
      await repo.touch([...batch].map(([id, at]) => ({ id, at })));
    } catch {
      for (const [id, at] of batch) if (!pending.has(id)) pending.set(id, at);
      schedule();
    } finally {
      inFlight = new Map();
    }
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => (writing = writing.then(write)), TOUCH_GATHER_MS);
    timer.unref();
  };
  return {
    add(id: string, at: Date) {
      pending.set(id, at);
      schedule();
    },
    /** The time set for `id` and not yet written (0: none). */
    pendingAt: (id: string) => (pending.get(id) ?? inFlight.get(id))?.getTime() ?? 0,
    async flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      writing = writing.then(write);
      await writing;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
