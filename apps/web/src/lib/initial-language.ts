// The language the app opens in. Its own module, free of i18next and React: the
// first-screen preload (app/first-screen.ts) runs it before the app's script has loaded.
import {
  LANGUAGE_COOKIE,
  languageForTags,
  normalizeLanguage,
  type Language,
} from '@olive/protocol/languages'; // not the index: see lib/api.ts
import { readStored, storageKeys } from './storage.ts';

/** The stored choice; with none stored, the device language when it is one of ours. */
export function initialLanguage(): Language {
  const stored = readStored(storageKeys.lang);
  if (stored !== null) return normalizeLanguage(stored);
  return languageForTags(navigator.languages ?? [navigator.language]) ?? 'en';
}

/** Tells the server the language for the next visit's first screen (first-screen HTML). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
