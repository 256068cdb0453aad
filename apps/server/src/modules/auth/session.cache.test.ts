// How long an API process reuses a session it resolved (decision 156): five minutes while
// the database announces changes, a second when it does not, and never past an announcement.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../ports/clock.ts';
import type { SessionRepository } from './session.repository.ts';
import {
  SESSION_CACHE_ANNOUNCED_MS,
  SESSION_CACHE_MS,
  TOUCH_GATHER_MS,
  hashToken,
  sessionService,
  type SessionChanges,
} from './session.service.ts';

const TOKEN = 'A'.repeat(43);
const OTHER = 'B'.repeat(43);
const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));
const policy = {
  idleMs: 3_600_000,
  absoluteMs: 86_400_000,
  rotateMs: 86_400_000,
  graceMs: 60_000,
  touchMs: 3_600_000,
};

/** A repository of two sessions whose reads are counted, and a read that can be held. */
function fakeRepository() {
  const rows = new Map(
    [
      [TOKEN, '7'],
      [OTHER, '8'],
    ].map(([token, userId], i) => [
      hashToken(token!).toString('hex'),
      {
        id: String(i + 1),
        user_id: userId!,
        created_at: clock.now(),
        last_seen_at: clock.now(),
        expires_at: new Date(clock.now().getTime() + policy.absoluteMs),
        replaced_at: null,
        revoked_at: null as Date | null,
        status: 'active',
      },
    ]),
  );
  let hold: Promise<void> | undefined;
  const repo = {
    reads: 0,
    /** Each write of `last_seen_at`: the sessions it wrote. */
    touches: [] as { id: string; at: Date }[][],
    failNextTouch: false,
    rows,
    async touch(batch: { id: string; at: Date }[]) {
      if (repo.failNextTouch) {
        repo.failNextTouch = false;
        throw new Error('the database is away');
      }
      repo.touches.push(batch);
    },
    holdNextRead(until: Promise<void>) {
      hold = until;
    },
    async findByHash(hash: Buffer) {
      repo.reads += 1;
      const row = rows.get(hash.toString('hex'));
      const copy = row && { ...row };
      if (hold) {
        const waiting = hold;
        hold = undefined;
        await waiting;
      }
      return copy;
    },
  };
  return repo;
}

/** The service under test over `repo`, told of changes by `changes`. */
const sessionsOver = (
  repo: ReturnType<typeof fakeRepository>,
  changes: SessionChanges,
  rules = policy,
) => sessionService(repo as unknown as SessionRepository, clock, rules, changes);

function announcements(active: boolean) {
  const listeners: ((userId: string) => void)[] = [];
  const changes: SessionChanges & { announce(userId: string): void } = {
    active,
    onDropped: (listener) => void listeners.push(listener),
    announce: (userId) => listeners.forEach((l) => l(userId)),
  };
  return changes;
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('the session cache', () => {
  it('keeps a session five minutes while changes are announced, then reads it again', async () => {
    const repo = fakeRepository();
    const sessions = sessionsOver(repo, announcements(true));
    expect(await sessions.resolve(TOKEN)).toMatchObject({ userId: '7' });
    vi.advanceTimersByTime(SESSION_CACHE_ANNOUNCED_MS - 1_000);
    expect(await sessions.resolve(TOKEN)).toMatchObject({ userId: '7' });
    expect(repo.reads).toBe(1);
    vi.advanceTimersByTime(1_000);
    await sessions.resolve(TOKEN);
    expect(repo.reads).toBe(2);
  });

  it('keeps it only a second when nothing is announced (the listening connection is down)', async () => {
    const repo = fakeRepository();
    const sessions = sessionsOver(repo, announcements(false));
    await sessions.resolve(TOKEN);
    vi.advanceTimersByTime(SESSION_CACHE_MS);
    await sessions.resolve(TOKEN);
    expect(repo.reads).toBe(2);
  });

  it("drops only the announced user's sessions, at once, and everyone's on `*`", async () => {
    const repo = fakeRepository();
    const changes = announcements(true);
    const sessions = sessionsOver(repo, changes);
    await sessions.resolve(TOKEN);
    await sessions.resolve(OTHER);
    // Revoked in another process: the database announces user 7 at the commit.
    repo.rows.get(hashToken(TOKEN).toString('hex'))!.revoked_at = clock.now();
    changes.announce('7');
    expect(await sessions.resolve(TOKEN)).toBeNull();
    expect(await sessions.resolve(OTHER)).toMatchObject({ userId: '8' });
    expect(repo.reads).toBe(3);
    changes.announce('*');
    await sessions.resolve(OTHER);
    expect(repo.reads).toBe(4);
  });

  it('does not keep a row read before an announcement that arrived during the read', async () => {
    const repo = fakeRepository();
    const changes = announcements(true);
    const sessions = sessionsOver(repo, changes);
    let release!: () => void;
    repo.holdNextRead(new Promise((resolve) => (release = resolve)));
    const inFlight = sessions.resolve(TOKEN);
    // The read has the row as it was; the revocation commits and is announced meanwhile.
    repo.rows.get(hashToken(TOKEN).toString('hex'))!.revoked_at = clock.now();
    changes.announce('7');
    release();
    expect(await inFlight).toMatchObject({ userId: '7' });
    // The stale row was not kept: the next call reads the revocation.
    expect(await sessions.resolve(TOKEN)).toBeNull();
    expect(repo.reads).toBe(2);
  });

  it('writes last_seen_at once per touch interval, keeping the row it read', async () => {
    const repo = fakeRepository();
    const touchEvery = { ...policy, touchMs: 60_000 };
    const sessions = sessionsOver(repo, announcements(true), touchEvery);
    await sessions.resolve(TOKEN);
    for (let minute = 1; minute <= 3; minute++) {
      clock.advance(30_000);
      vi.advanceTimersByTime(30_000);
      await sessions.resolve(TOKEN); // half a minute: nothing written
      clock.advance(30_000);
      vi.advanceTimersByTime(30_000);
      await sessions.resolve(TOKEN); // a minute since the last write: written
      await sessions.resolve(TOKEN); // and not again
      await sessions.flushTouches();
      expect(repo.touches.flat()).toHaveLength(minute);
    }
    // Three writes, one read: the row is kept with the time written.
    expect(repo.reads).toBe(1);
  });

  it('answers a session in memory without waiting, as resolve does, and declines what must be read', async () => {
    const repo = fakeRepository();
    const changes = announcements(true);
    const sessions = sessionsOver(repo, changes, { ...policy, rotateMs: 120_000 });
    expect(sessions.resolveNow('not a token')).toBeNull();
    expect(sessions.resolveNow(TOKEN)).toBeUndefined(); // never read: must be
    const resolved = await sessions.resolve(TOKEN);
    expect(sessions.resolveNow(TOKEN)).toEqual(resolved);
    expect(repo.reads).toBe(1);
    // Revoked and announced: dropped, so it must be read again, and is refused.
    repo.rows.get(hashToken(TOKEN).toString('hex'))!.revoked_at = clock.now();
    changes.announce('7');
    expect(sessions.resolveNow(TOKEN)).toBeUndefined();
    expect(await sessions.resolve(TOKEN)).toBeNull();
    expect(sessions.resolveNow(TOKEN)).toBeNull(); // kept as read: refused without waiting
    // Due for a new token: only the waiting path issues one.
    await sessions.resolve(OTHER);
    clock.advance(120_000);
    expect(sessions.resolveNow(OTHER)).toBeUndefined();
  });

  it("writes a second's touches behind the answers in one statement, and again after a failure", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const repo = fakeRepository();
    const sessions = sessionsOver(repo, announcements(true), { ...policy, touchMs: 60_000 });
    clock.advance(60_000);
    // Both sessions are due: the answers do not wait for a write.
    expect(await sessions.resolve(TOKEN)).toMatchObject({ userId: '7' });
    expect(await sessions.resolve(OTHER)).toMatchObject({ userId: '8' });
    expect(repo.touches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TOUCH_GATHER_MS);
    expect(repo.touches).toHaveLength(1);
    expect(repo.touches[0]!.map((t) => t.id).sort()).toEqual(['1', '2']);
    // The database is away for one write: the times are kept and written the second after.
    clock.advance(60_000);
    repo.failNextTouch = true;
    await sessions.resolve(TOKEN);
    await vi.advanceTimersByTimeAsync(TOUCH_GATHER_MS);
    expect(repo.touches).toHaveLength(1);
    await sessions.resolve(OTHER);
    await vi.advanceTimersByTimeAsync(TOUCH_GATHER_MS);
    expect(repo.touches).toHaveLength(2);
    expect(repo.touches[1]!.map((t) => t.id).sort()).toEqual(['1', '2']);
    expect(repo.touches[1]!.every((t) => t.at.getTime() === clock.now().getTime())).toBe(true);
  });

  it('keeps the later of the row and a time not yet written when it reads the row again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const repo = fakeRepository();
    const changes = announcements(true);
    const idleMinute = { ...policy, idleMs: 90_000, touchMs: 60_000 };
    const sessions = sessionsOver(repo, changes, idleMinute);
    clock.advance(60_000);
    await sessions.resolve(TOKEN); // touched at one minute, not yet written
    changes.announce('7'); // something else about user 7 changed: the row is read again
    clock.advance(40_000);
    // 100 s after the row's time, 40 s after the one this process set: not idle.
    expect(await sessions.resolve(TOKEN)).toMatchObject({ userId: '7' });
    expect(repo.reads).toBe(2);
  });
});
