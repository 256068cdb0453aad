// The demo content's texts, one file per language (`<lang>.ts`), each a record keyed by the
// item's stable key: the key is how the seed recognises its own items in a database seeded
// before the texts were translated (seed.ts).
export const ARTICLE_KEYS = [
  'notice-welcome',
  'notice-maintenance',
  'notice-trc20',
  'news-grid',
  'news-mining',
  'news-fund-password',
  'help-top-up',
  'help-withdraw',
  'help-robots',
  'help-fees',
] as const;
export const PARTNER_KEYS = [
  'partner-tether',
  'partner-ethereum',
  'partner-bnb',
  'partner-tron',
] as const;

export type ArticleKey = (typeof ARTICLE_KEYS)[number];
export type PartnerKey = (typeof PARTNER_KEYS)[number];

/** A notice, news item or help article: a title and a Markdown body. */
export interface ArticleText {
  title: string;
  body: string;
}

/**
 * One language's demo texts. A partner's name is its brand, the same in every language;
 * only the line under its logo is translated.
 */
export type DemoTexts = Record<ArticleKey, ArticleText> & Record<PartnerKey, { detail: string }>;
