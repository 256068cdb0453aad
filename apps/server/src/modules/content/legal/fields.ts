// The four legal pages' shape and the operator's own details they name. A template writes
// a detail as `{{company_name}}`; the page call fills it from the operator's settings
// (`legal_details`), or shows a marked placeholder in the reader's language while it is
// unset, so a reader never sees the braces (decision 182).

export const LEGAL_DETAILS_KEY = 'legal_details';

export const LEGAL_FIELDS = [
  'company_name',
  'registered_address',
  'company_number',
  'support_email',
  'governing_law',
  'effective_date',
] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];
export type LegalDetails = Record<LegalField, string>;

export const LEGAL_PAGES = ['about', 'disclaimer', 'privacy', 'terms'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export interface LegalPageText {
  title: string;
  /** Markdown: `##` headings, the operator's details as `{{field}}`. */
  body: string;
}

/** One language's four pages and the words its placeholders show while a detail is unset. */
export interface LegalTexts extends Record<LegalPage, LegalPageText> {
  fields: LegalDetails;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * A rendered page with each `{{field}}` replaced: the operator's value as text, or, while
 * unset, the field's name in brackets inside a <mark>. Other braces are left alone.
 */
export function fillLegalFields(
  html: string,
  values: Partial<LegalDetails>,
  labels: LegalDetails,
): string {
  if (!html.includes('{{')) return html;
  return html.replace(/\{\{([a-z_]+)\}\}/g, (whole, name: string) => {
    if (!(LEGAL_FIELDS as readonly string[]).includes(name)) return whole;
    const value = values[name as LegalField]?.trim();
    if (value) return escapeHtml(value);
    return `<mark class="legal-field">[${escapeHtml(labels[name as LegalField])}]</mark>`;
  });
}
