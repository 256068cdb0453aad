// The console's language and its setter, for the language switch (App owns the state).
import { createContext, useContext } from 'react';
import type { Language } from './providers/i18n.ts';

export const LanguageContext = createContext<{
  language: Language;
  setLanguage: (language: Language) => void;
}>({ language: 'en', setLanguage: () => undefined });

export const useLanguage = () => useContext(LanguageContext);
