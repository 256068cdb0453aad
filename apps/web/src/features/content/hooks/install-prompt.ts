// The browser's PWA install prompt. Chromium fires `beforeinstallprompt` once, early, and
// only a page that kept the event can show the prompt later; so the listener is set up at
// start (main.tsx imports this file) and the App download page reads it.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function isStandalone() {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function isIos() {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

export function useInstallPrompt() {
  const state = useSyncExternalStore(
    subscribe,
    () => (installed ? 'installed' : deferred ? 'ready' : 'none'),
    () => 'none' as const,
  );
  return {
    state,
    async install() {
      const event = deferred;
      if (!event) return 'unavailable' as const;
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') {
        deferred = null;
        installed = true;
        notify();
      }
      return outcome;
    },
  };
}
