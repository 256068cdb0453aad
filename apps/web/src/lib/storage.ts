// localStorage under the spec's fixed keys. Access is guarded: private modes and
// disabled storage must not crash the app.
export const storageKeys = {
  token: 'token',
  userId: 'user_id',
  lang: 'lang',
  /** Update flow progress kept locally across the reload that applies a new version. */
  updateProgress: 'update_progress',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
