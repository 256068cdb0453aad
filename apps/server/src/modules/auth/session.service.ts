// Opaque 256-bit session tokens. The database keeps only their SHA-256; a session ends
// when idle too long, at its absolute expiry, or when revoked. Older sessions are
// rotated: the reply carries a new token and the old one keeps working for a short
// grace period so requests already in flight do not fail.
import { hash, randomBytes } from 'node:crypto';
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
 * How long a looked-up session row is reused by this process. A revocation, a frozen
 * account or a password change made by another process is honoured within this time;
 * in this process at once (the entries are dropped). See docs/decisions/117-session-cache.md.
 */
export const SESSION_CACHE_MS = 1_000;
const SESSION_CACHE_MAX = 10_000;

type SessionRow = NonNullable<Awaited<ReturnType<SessionRepository['findByHash']>>>;

/** A cached row with its times as numbers, worked out once rather than on every call. */
interface CachedSession {
  row: SessionRow;
  readAt: number;
  expiresAt: number;
  lastSeenAt: number;
  createdAt: number;
  replacedAt: number | null;
}

const ms = (at: Date | string) => new Date(at).getTime();

export function sessionService(repo: SessionRepository, clock: Clock, policy: SessionPolicy) {
  // token -> the row and when it was read. Keyed by the token itself, so a call whose
  // session is cached hashes nothing: the process holds the tokens it is sent anyway; the
  // database keeps only their hashes, so a copy of it signs no one in. Map order is
  // insertion order, so the first key is the oldest when the cache is full.
  const cache = new Map<string, CachedSession>();
  const forget = (match: (row: SessionRow) => boolean) => {
    for (const [key, entry] of cache) if (match(entry.row)) cache.delete(key);
  };

  async function lookup(token: string): Promise<CachedSession | undefined> {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && now - hit.readAt < SESSION_CACHE_MS) return hit;
    const row = await repo.findByHash(hashToken(token));
    cache.delete(token);
    if (!row) return undefined;
    const entry: CachedSession = {
      row,
      readAt: now,
      expiresAt: ms(row.expires_at),
      lastSeenAt: ms(row.last_seen_at),
      createdAt: ms(row.created_at),
      replacedAt: row.replaced_at ? ms(row.replaced_at) : null,
    };
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, entry);
    return entry;
  }

  async function issue(
    userId: string,
    meta: { ip?: string; userAgent?: string } = {},
    expiresAt?: Date,
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
    });
    return { token, sessionId: id };
  }

  async function resolve(
    token: string,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<ResolvedSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const entry = await lookup(token);
    if (!entry) return null;
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
    if (now - entry.createdAt >= policy.rotateMs) {
      cache.delete(token);
      if (await repo.markReplaced(row.id, clock.now())) {
        const next = await issue(row.user_id, meta, new Date(row.expires_at));
        return { sessionId: next.sessionId, userId: row.user_id, rotatedToken: next.token };
      }
      return { sessionId: row.id, userId: row.user_id };
    }
    if (now - entry.lastSeenAt >= policy.touchMs) {
      await repo.touch(row.id, clock.now());
      cache.delete(token);
    }
    return { sessionId: row.id, userId: row.user_id };
  }

  return {
    issue,
    resolve,
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
    /** Drops what this process remembers of a user's sessions (status changed). */
    forgetUser: (userId: string) => forget((row) => row.user_id === userId),
  };
}

export type SessionService = ReturnType<typeof sessionService>;
