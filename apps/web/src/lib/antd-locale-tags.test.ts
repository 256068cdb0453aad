import { describe, expect, it } from 'vitest';
import { ANTD_LOCALE_TAGS } from './antd-locale-tags.ts';
import { antdLocales } from './i18n.ts';

describe("antd-mobile's locale per language", () => {
  it('loads, for each language of the table, the file the build preloads for it', async () => {
    expect(Object.keys(antdLocales).sort()).toEqual(Object.keys(ANTD_LOCALE_TAGS).sort());
    for (const [language, tag] of Object.entries(ANTD_LOCALE_TAGS)) {
      const loaded = await antdLocales[language as keyof typeof antdLocales]();
      const named = (await import(`antd-mobile/es/locales/${tag}.js`)) as typeof loaded;
      expect(loaded.default, language).toBe(named.default);
    }
  });
});
