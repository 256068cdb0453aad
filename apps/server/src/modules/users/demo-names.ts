// The seeded demo investors' names in the reader's language (issue 34): the database keeps
// "Demo investor N" (demo-accounts.ts), and every screen that names one (leaderboards, a
// public robot) shows the name below for the page's language, as a person of that language
// would call themselves on such a platform. Still labelled "Demo" next to it: a demo
// investor never passes for a customer (decision 111d).
import type { Language } from '@olive/protocol';
import { demoNickname } from './demo-accounts.ts';

/** One name per demo investor (1-based index = position + 1) and language. */
export const DEMO_NAMES: Record<Language, readonly string[]> = {
  en: ['Michael B.', 'Sarah K.', 'David L.', 'Emma R.', 'James W.'],
  en_au: ['Liam O.', 'Chloe M.', 'Jack H.', 'Mia T.', 'Lachlan P.'],
  en_in: ['Rahul S.', 'Priya N.', 'Arjun M.', 'Ananya R.', 'Vikram K.'],
  it: ['Marco R.', 'Giulia B.', 'Luca F.', 'Chiara M.', 'Alessandro V.'],
  ru: ['Алексей К.', 'Мария С.', 'Дмитрий В.', 'Анна П.', 'Сергей Н.'],
  es: ['Javier G.', 'Lucía M.', 'Carlos R.', 'Elena S.', 'Pablo D.'],
  ar: ['أحمد الشمري', 'سارة القحطاني', 'محمد العتيبي', 'نورة الحربي', 'خالد الدوسري'],
  kr: ['김민준', '이서연', '박지훈', '최수아', '정현우'],
  ja: ['佐藤 健', '鈴木 さくら', '高橋 悠斗', '田中 遥', '伊藤 健二'],
  pt: ['João S.', 'Inês C.', 'Tiago M.', 'Beatriz R.', 'Rui F.'],
  pt_br: ['Lucas O.', 'Mariana S.', 'Gabriel L.', 'Juliana A.', 'Rafael C.'],
  tw: ['陳冠宇', '林怡君', '張家豪', '王雅婷', '李承翰'],
  fr: ['Julien M.', 'Camille D.', 'Thomas L.', 'Léa B.', 'Nicolas P.'],
  de: ['Lukas M.', 'Anna S.', 'Jonas W.', 'Laura K.', 'Felix B.'],
  sl: ['Luka K.', 'Nina H.', 'Žiga P.', 'Eva Z.', 'Matej N.'],
  ms: ['Ahmad Faiz', 'Nurul Aina', 'Hafiz Rahman', 'Siti Aisyah', 'Amirul Hakim'],
};

/**
 * A demo investor's name for a reader of `lang` (English for a language without names);
 * the stored nickname itself for an index beyond the names, or for a nickname the seed
 * did not give.
 */
export function demoName(nickname: string, lang: string): string {
  const index = Number(/^Demo investor (\d+)$/.exec(nickname)?.[1] ?? 0);
  if (!index || nickname !== demoNickname(index)) return nickname;
  const names = DEMO_NAMES[lang as Language] ?? DEMO_NAMES.en;
  return names[index - 1] ?? nickname;
}
