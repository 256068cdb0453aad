// The demo investors are named in the reader's language (issue 34).
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@olive/protocol';
import { DEMO_PLAN } from '../demo/demo.service.ts';
import { demoNickname } from './demo-accounts.ts';
import { DEMO_NAMES, demoName } from './demo-names.ts';

describe('demo investors’ names', () => {
  it.each(LANGUAGE_CODES)('%s names every demo investor, each differently', (lang) => {
    const names = DEMO_PLAN.map((_, i) => demoName(demoNickname(i + 1), lang));
    expect(new Set(names).size).toBe(DEMO_PLAN.length);
    for (const name of names) expect(name).not.toMatch(/demo investor/i);
  });

  it('serves the reader’s language, English for an unknown one', () => {
    expect(demoName('Demo investor 1', 'ar')).toBe(DEMO_NAMES.ar[0]);
    expect(demoName('Demo investor 2', 'ja')).toBe(DEMO_NAMES.ja[1]);
    expect(demoName('Demo investor 3', 'xx')).toBe(DEMO_NAMES.en[2]);
  });

  it('leaves any other nickname as it is', () => {
    expect(demoName('Demo investor 99', 'de')).toBe('Demo investor 99');
    expect(demoName('Demo investor 01', 'de')).toBe('Demo investor 01');
    expect(demoName('alice', 'de')).toBe('alice');
  });
});
