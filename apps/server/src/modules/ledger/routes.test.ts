// Fund Details through the wire: signed-in only, paginated, filtered by kind, amounts as
// decimal strings with the balance after, descriptions in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type UsdtLogData } from '@olive/protocol';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users.ts';
import { translate } from '../../i18n/index.ts';
import { platformAccount, userAccount } from './ledger.service.ts';

let t: TestApp;
let userId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await insertUser(t.db);
  userId = user.id;
  const { token } = await t.app.services.sessions.issue(user.id);
  headers = { authorization: `Bearer ${token}`, userid: user.id };
  const { ledger } = t.app.services;
  for (const [i, amount] of ['100', '0.5', '20.12345678'].entries()) {
    await ledger.post({
      kind: 'deposit',
      idempotencyKey: `deposit:test:${i}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -parseAmount(amount) },
        { account: userAccount(userId, 'available'), amount: parseAmount(amount) },
      ],
    });
  }
  await ledger.post({
    kind: 'withdrawal_freeze',
    idempotencyKey: 'withdrawal:1:freeze',
    memo: 'Withdrawal #1',
    postings: [
      { account: userAccount(userId, 'available'), amount: -parseAmount('50') },
      { account: userAccount(userId, 'frozen'), amount: parseAmount('50') },
    ],
  });
});
afterAll(() => t.close());

describe('/api/user/usdtlog', () => {
  it('needs a signed-in caller', async () => {
    expect(await t.call('/api/user/usdtlog', { lang: 'en' })).toMatchObject({
      code: 10000,
      tologin: 1,
    });
  });

  it('lists the balance changes newest first, with the balance after each', async () => {
    const reply = await t.call<UsdtLogData>('/api/user/usdtlog', { lang: 'en' }, headers);
    expect(reply.code).toBe(1);
    const { list, page, limit, total } = reply.data!;
    expect({ page, limit, total }).toEqual({ page: 1, limit: 20, total: 4 });
    expect(list.map((r) => [r.kind, r.amount, r.balance_after, r.memo, r.description])).toEqual([
      [
        'withdrawal_freeze',
        '-50',
        '70.62345678',
        'Withdrawal #1',
        translate('en', 'ledger.kind.withdrawal_freeze'),
      ],
      ['deposit', '20.12345678', '120.62345678', '', 'Deposit'],
      ['deposit', '0.5', '100.5', '', 'Deposit'],
      ['deposit', '100', '100', '', 'Deposit'],
    ]);
    expect(list[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(list[0]!.id).toMatch(/^\d+$/);
  });

  it('pages and filters by kind', async () => {
    const second = await t.call<UsdtLogData>(
      '/api/user/usdtlog',
      { lang: 'en', page: '2', limit: '3' },
      headers,
    );
    expect(second.data).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(second.data!.list.map((r) => r.amount)).toEqual(['100']);
    const deposits = await t.call<UsdtLogData>(
      '/api/user/usdtlog',
      { lang: 'en', kind: 'deposit', limit: '2' },
      headers,
    );
    expect(deposits.data!.total).toBe(3);
    expect(deposits.data!.list).toHaveLength(2);
  });

  it('translates descriptions into the language of the call', async () => {
    const reply = await t.call<UsdtLogData>('/api/user/usdtlog', { lang: 'de' }, headers);
    expect(reply.data!.list[1]!.description).toBe(translate('de', 'ledger.kind.deposit'));
    expect(reply.data!.list[1]!.description).not.toBe('Deposit');
  });

  it('refuses a bad page, limit or kind naming the field', async () => {
    for (const [field, value] of [
      ['page', '0'],
      ['limit', '101'],
      ['kind', 'lottery'],
    ] as const) {
      const reply = await t.call('/api/user/usdtlog', { lang: 'en', [field]: value }, headers);
      expect(reply, field).toMatchObject({ code: 0, data: { field } });
    }
  });

  it('shows a new user an empty list', async () => {
    const other = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(other.id);
    const reply = await t.call<UsdtLogData>(
      '/api/user/usdtlog',
      { lang: 'en' },
      { authorization: `Bearer ${token}` },
    );
    expect(reply.data).toEqual({ list: [], page: 1, limit: 20, total: 0 });
  });
});
