// Every amount and count a call carries is read by the protocol's one parser (decision
// 139): the shapes issue 30 found accepted by some calls and refused by others (padded,
// zero-led, signed, exponent, too many decimals, grouped, hexadecimal, full-width) are
// refused by every investor and console call, with a translated message naming the field,
// and nothing moves.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { adminCall } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate, type Params } from '../../i18n/index.ts';
import { adminTranslate } from '../../modules/admin/i18n.ts';
import { platformAccount, userAccount } from '../../modules/ledger/ledger.service.ts';

/** What a well-behaved client writes: 15. */
const PLAIN = '15';
/** The same number written every way Olive refuses. */
const SHAPES = [
  ' 15',
  '15 ',
  '\t15',
  '015',
  '+15',
  '-15',
  '1e3',
  '15.123456789',
  '1,000',
  '0x10',
  '１５',
];

let t: TestApp;
let investor: Awaited<ReturnType<typeof register>>;
let operatorToken = '';
let modelId = '';
let rentalId = '';

const call = (path: string, body: Record<string, string>) =>
  t.call(path, { lang: 'fr', ...body }, investor.headers);
const admin = (path: string, body: Record<string, unknown>) =>
  adminCall(t, path, body, operatorToken);

/**
 * The message a refused shape must carry: French for investors; English in the console,
 * whose catalogue names its own fields ("Minimum deposit", not "min_deposit").
 */
type Kind = 'amount' | 'signed_amount' | 'count';
function expected(lang: 'fr' | 'en', field: string, kind: Kind, shape: string) {
  const say =
    lang === 'fr'
      ? (key: string, params: Params) => translate('fr', key, params)
      : (key: string, params: Params) => adminTranslate('en', key, params);
  if (kind !== 'count' && shape === '15.123456789') {
    return say('validation.decimals', { field, decimals: 8 });
  }
  return say(`validation.${kind}_format`, { field });
}

async function balances() {
  const b = await t.app.services.ledger.userBalances(investor.userId);
  return { available: formatAmount(b.available), frozen: formatAmount(b.frozen) };
}

async function rows() {
  const count = async (table: 'withdrawals' | 'robots' | 'mining_rentals') =>
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', investor.userId)
        .executeTakeFirstOrThrow()
    ).n;
  return {
    withdrawals: await count('withdrawals'),
    robots: await count('robots'),
    rentals: await count('mining_rentals'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  investor = await register(t);
  await t.app.services.ledger.post({
    kind: 'adjustment_credit',
    idempotencyKey: `numbers-fund:${investor.userId}`,
    reason: 'test funds',
    operatorId: 'test',
    postings: [
      { account: platformAccount('adjustment'), amount: -1_000_000_000_000n },
      { account: userAccount(investor.userId, 'available'), amount: 1_000_000_000_000n },
    ],
  });
  const saved = await call('/api/user/setaddress', {
    network: 'bep20',
    address: `0x${randomBytes(20).toString('hex')}`,
    fund_password: '246810',
  });
  expect(saved.code, saved.msg).toBe(1);

  const email = `numbers-${randomBytes(4).toString('hex')}@olive.test`;
  const { password } = await t.app.services.admin.operators.create({ email, role: 'admin' });
  const login = await adminCall<{ token: string }>(t, 'auth/login', { email, password });
  const token = login.data!.token;
  const setup = await adminCall<{ secret: string }>(t, 'auth/totp-setup', {}, token);
  const otp = new TOTP({ secret: Secret.fromBase32(setup.data!.secret), digits: 6, period: 30 });
  expect((await adminCall(t, 'auth/totp-enable', { otp: otp.generate() }, token)).code).toBe(1);
  operatorToken = token;

  const model = await admin('mining-models/create', {
    name: 'Numbers S19',
    hash_rate_ths: '100',
    power_w: 3000,
    price_per_day: '2',
    electricity_per_day: '1',
    min_days: 1,
    stock: 10,
  });
  expect(model.code, model.msg).toBe(1);
  modelId = String(model.data!.id);
  const rented = await call('/api/user/minercreate', {
    model_id: modelId,
    days: '1',
    fund_password: '246810',
  });
  expect(rented.code, rented.msg).toBe(1);
  rentalId = (rented.data as { rental_id: string }).rental_id;
}, 120_000);
afterAll(() => t?.close());

describe('investor calls', () => {
  // [path, the rest of a valid body, the number field, its kind]
  const cases: [string, Record<string, string>, string, 'amount' | 'count'][] = [
    ['/api/user/withdraw', { network: 'bep20', fund_password: '246810' }, 'amount', 'amount'],
    ['/api/user/quancreate', { market: 'BTC/USDT', direction: 'long' }, 'principal', 'amount'],
    ['/api/user/quanpreview', { market: 'BTC/USDT', direction: 'long' }, 'principal', 'amount'],
    ...(['range_low', 'range_high'] as const).map(
      (field) =>
        [
          '/api/user/quancreate',
          {
            market: 'TRX/USDT',
            direction: 'long',
            principal: '500',
            range_low: '10',
            range_high: '20',
            grids: '10',
          },
          field,
          'amount',
        ] as [string, Record<string, string>, string, 'amount'],
    ),
    [
      '/api/user/quancreate',
      { market: 'TRX/USDT', direction: 'long', principal: '500', range_low: '1', range_high: '2' },
      'grids',
      'count',
    ],
    [
      '/api/user/quanpreview',
      { market: 'TRX/USDT', direction: 'long', principal: '500', range_low: '1', range_high: '2' },
      'grids',
      'count',
    ],
    ['/api/user/minercreate', { model_id: 'MODEL', fund_password: '246810' }, 'days', 'count'],
    ['/api/user/openminer', { rental_id: 'RENTAL', action: 'renew' }, 'days', 'count'],
    ...[
      '/api/user/usdtlog',
      '/api/user/withdrawlist',
      '/api/user/quanlog',
      '/api/user/quanmy',
      '/api/user/minermy',
      '/api/user/minerlog',
      '/api/user/teamuser',
      '/api/main/notice',
      '/api/main/news',
    ].flatMap((path) =>
      (['page', 'limit'] as const).map(
        (field) => [path, {}, field, 'count'] as [string, Record<string, string>, string, 'count'],
      ),
    ),
    ['/api/user/getteamuser', { keyword: 'someone' }, 'page', 'count'],
    ['/api/user/getteamuser', { keyword: 'someone' }, 'limit', 'count'],
    ['/api/user/teamuser', {}, 'level', 'count'],
    ['/api/main/candles', { market: 'BTC/USDT' }, 'limit', 'count'],
  ];

  const named = cases.map(([path, rest, field, kind]) => ({ path, rest, field, kind }));
  it.each(named)('$path refuses $field written loosely', async ({ path, rest, field, kind }) => {
    const before = { balances: await balances(), rows: await rows() };
    const body = { ...rest };
    if (body.model_id === 'MODEL') body.model_id = modelId;
    if (body.rental_id === 'RENTAL') body.rental_id = rentalId;
    for (const shape of SHAPES) {
      const reply = await call(path, { ...body, [field]: shape });
      const where = `${path} ${field}=${JSON.stringify(shape)}`;
      expect(reply.code, `${where}: ${reply.msg}`).toBe(0);
      expect(reply.data, where).toEqual({ field });
      expect(reply.msg, where).toBe(expected('fr', field, kind, shape));
    }
    expect({ balances: await balances(), rows: await rows() }).toEqual(before);
  });

  it('still takes the plain writing of each number', async () => {
    const before = await balances();
    for (const path of ['/api/user/usdtlog', '/api/user/quanmy', '/api/user/minermy']) {
      const reply = await call(path, { page: '1', limit: PLAIN });
      expect(reply.code, `${path}: ${reply.msg}`).toBe(1);
    }
    const renewed = await call('/api/user/openminer', {
      rental_id: rentalId,
      action: 'renew',
      days: '2',
    });
    expect(renewed.code, renewed.msg).toBe(1);
    const sent = await call('/api/user/withdraw', {
      network: 'bep20',
      amount: PLAIN,
      fund_password: '246810',
    });
    expect(sent.code, sent.msg).toBe(1);
    // 15 leaves the balance (14.5 frozen for the chain, 0.5 fee) and 2 days' rent of 2.
    expect(await balances()).toEqual({
      available: formatAmount(parseAmount(before.available) - parseAmount('19')),
      frozen: '14.5',
    });
  });
});

describe('console calls', () => {
  // [path, the rest of a valid body, the number field, its kind]
  const cases: [string, Record<string, unknown>, string, Kind][] = [
    ['users/adjust', { id: 'USER', reason: 'test' }, 'amount', 'signed_amount'],
    ...(['min_deposit', 'min_withdrawal', 'withdrawal_fee', 'daily_withdrawal_limit'] as const).map(
      (field) =>
        ['networks/update', { id: 'bep20' }, field, 'amount'] as [
          string,
          Record<string, unknown>,
          string,
          'amount',
        ],
    ),
    ['networks/update', { id: 'bep20' }, 'confirmations', 'count'],
    ['withdrawal-policy/update', {}, 'auto_approve_max', 'amount'],
    ['withdrawal-policy/update', {}, 'four_eyes_min', 'amount'],
    ['mining-models/update', { id: 'MODEL' }, 'price_per_day', 'amount'],
    ['mining-models/update', { id: 'MODEL' }, 'electricity_per_day', 'amount'],
    ['mining-models/update', { id: 'MODEL' }, 'min_days', 'count'],
    ['mining-models/update', { id: 'MODEL' }, 'stock', 'count'],
    ['mining-models/update', { id: 'MODEL' }, 'power_w', 'count'],
    ['users/list', {}, 'page', 'count'],
    ['users/list', {}, 'limit', 'count'],
  ];

  const named = cases.map(([path, rest, field, kind]) => ({ path, rest, field, kind }));
  it.each(named)('$path refuses $field written loosely', async ({ path, rest, field, kind }) => {
    const snapshot = async () => ({
      balances: await balances(),
      network: (await admin('networks/show', { id: 'bep20' })).data,
      policy: (await admin('withdrawal-policy/show', {})).data,
      model: (await admin('mining-models/show', { id: modelId })).data,
    });
    const before = await snapshot();
    const body = { ...rest };
    if (body.id === 'USER') body.id = investor.userId;
    if (body.id === 'MODEL') body.id = modelId;
    // A debit is written "-15" where the field is signed (users/adjust).
    for (const shape of SHAPES.filter((s) => kind !== 'signed_amount' || s !== '-15')) {
      const reply = await admin(path, { ...body, [field]: shape });
      const where = `${path} ${field}=${JSON.stringify(shape)}`;
      expect(reply.code, `${where}: ${reply.msg}`).toBe(0);
      expect(reply.data?.field, where).toBe(field);
      expect(reply.msg, where).toBe(expected('en', field, kind, shape));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('takes a debit written with a minus, and nothing else signed', async () => {
    const before = await balances();
    const plus = await admin('users/adjust', { id: investor.userId, amount: '+2', reason: 'x' });
    expect(plus).toMatchObject({ code: 0, data: { field: 'amount' } });
    expect(plus.msg).toBe(
      adminTranslate('en', 'validation.signed_amount_format', { field: 'amount' }),
    );
    expect(plus.msg).toMatch(/^Amount \(USDT\) must be a plain number/);
    const debit = await admin('users/adjust', { id: investor.userId, amount: '-2', reason: 'x' });
    expect(debit.code, debit.msg).toBe(1);
    const credit = await admin('users/adjust', { id: investor.userId, amount: '2', reason: 'x' });
    expect(credit.code, credit.msg).toBe(1);
    expect(await balances()).toEqual(before);
  });
});
