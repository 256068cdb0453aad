// Whether the window is wide enough for the wide layout (900 px and up, issue 34): the same
// breakpoint as the stylesheets' `@media (min-width: 900px)`. Layout itself is CSS; this is
// only for what a phone should not download at all (Trade's market chart and its library).
import { useSyncExternalStore } from 'react';

export const WIDE_SCREEN = '(min-width: 900px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(WIDE_SCREEN);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isWide = () => window.matchMedia?.(WIDE_SCREEN).matches === true;

export function useWideScreen(): boolean {
  // Drawn at build time (decision 135) as a phone: nothing wide-only in index.html.
  return useSyncExternalStore(subscribe, isWide, () => false);
}
