// The update's progress kept in localStorage, so that it survives the reload that applies a
// new version (spec section 4: "download progress is kept locally"). Free of the service
// worker's module, so that `/`'s check (background-check.ts) can read it anywhere.
import { readStored, storageKeys } from '../../lib/storage.ts';

/** How long a failure or the last stage shows before the flow goes on. */
export const UPDATE_QUIT_MS = 3000;

export interface StoredProgress {
  version: string;
  stage: 'installing';
  at: number;
}

/** The progress of an update being applied, if the app has just reloaded to apply it. */
export function readProgress(): StoredProgress | null {
  try {
    const parsed = JSON.parse(
      readStored(storageKeys.updateProgress) ?? 'null',
    ) as StoredProgress | null;
    // A record older than 5 minutes is a reload that never happened; ignore it.
    return parsed && Date.now() - parsed.at < 5 * 60_000 ? parsed : null;
  } catch {
    return null;
  }
}
