// The automatic inclusion check (issue 30): once the app is open and signed in, when the
// browser is idle, check the newest snapshot if it is newer than the last one checked. Its
// code (and the worker it starts) load only then, never with the first screen.
import { useEffect } from 'react';
import { useSignedIn } from '../../../lib/session.ts';

export function useAutoReservesCheck() {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      void import('../run-check.ts').then((m) => m.autoCheck()).catch(() => {});
    };
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(start, { timeout: 5000 });
      return () => {
        cancelled = true;
        cancelIdleCallback(id);
      };
    }
    const id = setTimeout(start, 2000);
    return () => {
      cancelled = true;
      clearTimeout(id);
    };
  }, [signedIn]);
}
