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

// Node's one-shot hash: no Hash object per call (a signed-in call hashes its token each time).
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

export function sessionService(repo: SessionRepository, clock: Clock, policy: SessionPolicy) {
  // token hash (as a latin1 string, a character per byte) -> the row and when it was read.
  // Map order is insertion order, so the first key is the oldest when the cache is full.
  const cache = new Map<string, { row: SessionRow; readAt: number }>();
  const forget = (match: (row: SessionRow) => boolean) => {
    for (const [key, entry] of cache) if (match(entry.row)) cache.delete(key);
  };

  async function lookup(tokenHash: Buffer): Promise<SessionRow | undefined> {
    const key = tokenHash.toString('latin1');
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.readAt < SESSION_CACHE_MS) return hit.row;
    const row = await repo.findByHash(tokenHash);
    cache.delete(key);
    if (row) {
      if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, { row, readAt: now });
    }
    return row;
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
    const tokenHash = hashToken(token);
    const row = await lookup(tokenHash);
    if (!row || row.revoked_at || row.status !== 'active') return null;
    const now = clock.now().getTime();
    if (now >= new Date(row.expires_at).getTime()) return null;
    if (now - new Date(row.last_seen_at).getTime() >= policy.idleMs) return null;
    if (row.replaced_at) {
      return now - new Date(row.replaced_at).getTime() < policy.graceMs
        ? { sessionId: row.id, userId: row.user_id }
        : null;
    }
    if (now - new Date(row.created_at).getTime() >= policy.rotateMs) {
      cache.delete(tokenHash.toString('latin1'));
      if (await repo.markReplaced(row.id, clock.now())) {
        const next = await issue(row.user_id, meta, new Date(row.expires_at));
        return { sessionId: next.sessionId, userId: row.user_id, rotatedToken: next.token };
      }
      return { sessionId: row.id, userId: row.user_id };
    }
    if (now - new Date(row.last_seen_at).getTime() >= policy.touchMs) {
      await repo.touch(row.id, clock.now());
      cache.delete(tokenHash.toString('latin1'));
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
