// The language the app opens in. Its own module, free of i18next and React: the
// first-screen preload (app/first-screen.ts) runs it before the app's script has loaded.
import { LANGUAGES, normalizeLanguage, type Language } from '@olive/protocol/languages'; // not the index: see lib/api.ts
import { readStored, storageKeys } from './storage.ts';

/** The stored choice; with none stored, the device language when it is one of ours. */
export function initialLanguage(): Language {
  const stored = readStored(storageKeys.lang);
  if (stored !== null) return normalizeLanguage(stored);
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lower = tag.toLowerCase();
    const exact = LANGUAGES.find((l) => l.locale.toLowerCase() === lower);
    if (exact) return exact.code;
    const base = LANGUAGES.find(
      (l) => l.locale.toLowerCase().split('-')[0] === lower.split('-')[0],
    );
    if (base && !lower.startsWith('zh')) return base.code;
    if (lower === 'zh-hant' || lower === 'zh-hk') return 'tw';
  }
  return 'en';
}
