// The console's languages, and the current one with its setter for the language switch
// (App owns the state; app/providers/i18n.ts the catalogues).
import { createContext, useContext } from 'react';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LanguageContext = createContext<{
  language: Language;
  setLanguage: (language: Language) => void;
}>({ language: 'en', setLanguage: () => undefined });

export const useLanguage = () => useContext(LanguageContext);
