import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { APP_UPDATE_KEY, decideUpdate } from './update.service.ts';

describe('decideUpdate', () => {
  const settings = { latest_version: '2.1', min_version: '1.9', android_url: 'a', ios_url: 'i' };
  it('tells the latest app it is up to date', () => {
    expect(decideUpdate('2.1', settings).type).toBe('');
    expect(decideUpdate('2.2', settings).type).toBe('');
  });
  it('offers an optional update between the minimum and the latest', () => {
    expect(decideUpdate('1.9', settings).type).toBe('1');
    expect(decideUpdate('2.0', settings).type).toBe('1');
  });
  it('forces the update below the minimum', () => {
    expect(decideUpdate('1.8', settings).type).toBe('0');
  });
  it('compares versions numerically, not as text', () => {
    expect(
      decideUpdate('1.10', { ...settings, latest_version: '1.9', min_version: '1.0' }).type,
    ).toBe('');
  });
});

describe('/api/main/update', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers from the operator settings in the database', async () => {
    await t.db
      .updateTable('settings')
      .set({
        value: JSON.stringify({
          latest_version: '1.9',
          min_version: '1.8',
          android_url: 'https://example.com/olive.apk',
          ios_url: 'https://example.com/ios',
        }),
      })
      .where('key', '=', APP_UPDATE_KEY)
      .execute();
    const optional = await t.call('/api/main/update', { version: '1.8', lang: 'en' });
    expect(optional).toMatchObject({
      code: 1,
      data: { type: '1', version: '1.9', android_url: 'https://example.com/olive.apk' },
    });
    const forced = await t.call('/api/main/update', { version: '1.7', lang: 'en' });
    expect(forced.data).toMatchObject({ type: '0' });
    const current = await t.call('/api/main/update', { version: '1.9', lang: 'en' });
    expect(current.data).toMatchObject({ type: '' });
  });
});
