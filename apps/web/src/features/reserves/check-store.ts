// The results of inclusion checks, kept in localStorage per investor and snapshot, so the
// app checks each new snapshot once and the badges on Me and on the reserves screen show the
// last result without asking anyone.
import type { CheckFailure } from './check.ts';

export interface StoredCheck {
  snapshot_id: string;
  taken_at: string;
  checked_at: string;
  ok: boolean;
  /** A failed check, or `not_included`: Olive answered that the investor is not in it. */
  failure: CheckFailure | 'not_included' | null;
  block: string | null;
}

const KEEP = 7;
const EVENT = 'olive:reserves-check';
const keyOf = (userId: string) => `reserves_check:${userId}`;

/** The stored checks, from the text kept under the investor's key (null: none). */
function parseAll(raw: string | null): Record<string, StoredCheck> {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, StoredCheck>) : {};
  } catch {
    return {};
  }
}

const readAll = (userId: string) => parseAll(storedChecksText(userId));

const newestFirst = (a: string, b: string) => (BigInt(b) > BigInt(a) ? 1 : -1);

export function saveCheck(userId: string, check: StoredCheck) {
  const all = { ...readAll(userId), [check.snapshot_id]: check };
  const kept = Object.fromEntries(
    Object.keys(all)
      .filter((id) => /^\d+$/.test(id))
      .sort(newestFirst)
      .slice(0, KEEP)
      .map((id) => [id, all[id]!]),
  );
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(kept));
  } catch {
    // storage unavailable: the badge shows nothing, the next opening checks again
  }
  window.dispatchEvent(new Event(EVENT));
}

/** The check of the newest snapshot checked, or null. */
export function latestCheck(userId: string): StoredCheck | null {
  return latestIn(storedChecksText(userId));
}

/** The newest check in a stored text (storedChecksText), for a reader that already has it. */
export function latestIn(raw: string | null): StoredCheck | null {
  const all = parseAll(raw);
  const newest = Object.keys(all)
    .filter((id) => /^\d+$/.test(id))
    .sort(newestFirst)[0];
  return newest ? (all[newest] ?? null) : null;
}

/** The stored text itself: a stable snapshot for useSyncExternalStore. */
export function storedChecksText(userId: string): string | null {
  try {
    return window.localStorage.getItem(keyOf(userId));
  } catch {
    return null;
  }
}

export function subscribeChecks(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('reserves_check:')) listener();
  };
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
