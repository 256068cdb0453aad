// The service worker that makes the app installable and work offline. It waits when a
// new version arrives (registerType "prompt"); the update screen decides when to apply
// it, which is how a web build "downloads and installs" an update.
import { registerSW } from 'virtual:pwa-register';

let waiting = false;
let registration: ServiceWorkerRegistration | undefined;
let applyWaiting: (reloadPage?: boolean) => Promise<void> = async () => {};
const waiters = new Set<() => void>();

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  applyWaiting = registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      waiters.forEach((wake) => wake());
    },
    onRegisteredSW(_url, found) {
      registration = found;
      waiters.forEach((wake) => wake());
    },
  });
}

export function hasWaitingVersion(): boolean {
  return waiting || Boolean(registration?.waiting);
}

function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  if (check()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (result: boolean) => {
      clearTimeout(timer);
      clearInterval(poll);
      waiters.delete(wake);
      resolve(result);
    };
    const wake = () => {
      if (check()) done(true);
    };
    const timer = setTimeout(() => done(check()), ms);
    const poll = setInterval(wake, 250);
    waiters.add(wake);
  });
}

/** Asks the server for a newer worker and waits (up to `ms`) until it is installed. */
export async function findNewVersion(ms = 10_000): Promise<boolean> {
  if (hasWaitingVersion()) return true;
  if (!('serviceWorker' in navigator)) return false;
  const registered = await waitFor(() => registration !== undefined, Math.min(ms, 3000));
  if (!registered || !registration) return false;
  try {
    await registration.update();
  } catch {
    return false;
  }
  // Nothing being installed means the server has no newer version.
  if (!registration.installing && !hasWaitingVersion()) return false;
  return waitFor(hasWaitingVersion, ms);
}

/** Activates the waiting worker; the page reloads once it takes control. */
export async function applyNewVersion(): Promise<void> {
  await applyWaiting(true);
}
