// Every language's demo texts: a Record over the app's 16 languages, so a language without
// its file does not compile. English, Australian and Indian English share one text.
import type { Language } from '@olive/protocol';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { kr } from './kr.ts';
import { ms } from './ms.ts';
import { pt } from './pt.ts';
import { pt_br } from './pt_br.ts';
import { ru } from './ru.ts';
import { sl } from './sl.ts';
import { tw } from './tw.ts';
import type { DemoTexts } from './types.ts';

export const demoTexts: Record<Language, DemoTexts> = {
  en,
  en_au: en,
  en_in: en,
  it,
  ru,
  es,
  ar,
  kr,
  ja,
  pt,
  pt_br,
  tw,
  fr,
  de,
  sl,
  ms,
};
