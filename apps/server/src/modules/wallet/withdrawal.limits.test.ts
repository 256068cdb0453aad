// The withdrawal calls' refusals that need no chain: the fund-password limit under a
// real parallel burst, amounts too large for the database, unspendable addresses and
// the field a refusal names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { parseAmount } from '@olive/protocol';
import { hexToTron } from '@olive/chain';
import { translate } from '../../i18n/index.ts';
import { startTestServer } from '../../../test/harness.ts';
import { register } from '../../../test/accounts.ts';
import { loopback, postFrom } from '../../../test/parallel.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { ChainEnvironment } from './chain-environment.ts';
import { FUND_PASSWORD_TRIES } from '../security/fund-password.service.ts';

const HOT_KEY = `0x${'11'.repeat(32)}` as const;
const HOT = privateKeyToAccount(HOT_KEY).address;
const TOKEN = '0x55d398326f99059ff775485246999027b3197955';
const chain: ChainEnvironment = {
  mode: 'rpc',
  rpc: {},
  contracts: { bep20: { address: TOKEN, decimals: 18 } },
  hotKey: HOT_KEY,
  tron: null,
  faucet: null,
  sweep: null,
  startBlock: 'head',
  toHex: (_n, a) => a,
};

let s: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  s = await startTestServer({ chain });
});
afterAll(() => s.close());

async function investor(amount = '0') {
  const user = await register(s);
  if (amount !== '0') {
    await s.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${user.userId}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -parseAmount(amount) },
        { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
      ],
    });
  }
  const call = <T>(path: string, body: Record<string, string>) =>
    s.call<T>(path, body, user.headers);
  return { user, call };
}

describe('fund password tries', () => {
  it('checks at most 5 of 40 wrong passwords and the right one sent at once', async () => {
    const { user, call } = await investor();
    const address = `0x${'ab'.repeat(20)}`;
    const replies = await Promise.all(
      Array.from({ length: 41 }, (_, i) =>
        postFrom(
          s.url,
          '/api/user/setaddress',
          { network: 'bep20', address, fund_password: i === 40 ? '246810' : '135790' },
          { from: loopback(i), headers: user.headers },
        ),
      ),
    );
    const wrong = replies.filter((r) => (r.data as { field?: string })?.field === 'fund_password');
    const saved = replies.filter((r) => r.code === 1);
    // Checked: the wrong ones (each names the field) and a right one among the first five.
    expect(wrong.length + saved.length).toBeLessThanOrEqual(FUND_PASSWORD_TRIES);
    const info = await call<{ locked_until: string; address: string }>('/api/user/drawinfo', {
      network: 'bep20',
    });
    // Either the right one came among the first five (address saved) or the lock held it off.
    if (saved.length === 0) {
      expect(info.data!.address).toBe('');
      expect(info.data!.locked_until).not.toBe('');
    } else {
      expect(info.data!.address).toBe(address);
    }
  });

  it('locks after the fifth wrong password; the sixth, right, is refused unchecked', async () => {
    const { call } = await investor();
    for (let i = 1; i < FUND_PASSWORD_TRIES; i++) {
      const reply = await call('/api/user/setaddress', {
        network: 'bep20',
        address: `0x${'cd'.repeat(20)}`,
        fund_password: '000000',
      });
      expect(reply.msg).toBe(
        translate('en', 'withdraw.fund_password_wrong', { left: FUND_PASSWORD_TRIES - i }),
      );
    }
    const fifth = await call('/api/user/setaddress', {
      network: 'bep20',
      address: `0x${'cd'.repeat(20)}`,
      fund_password: '000000',
    });
    expect(fifth.data).toEqual({ field: 'fund_password' });
    const right = await call('/api/user/setaddress', {
      network: 'bep20',
      address: `0x${'cd'.repeat(20)}`,
      fund_password: '246810',
    });
    expect(right.code).toBe(0);
    expect(right.msg).toMatch(/locked/);
  });
});

describe('amounts too large for the database', () => {
  it.each([21, 25, 30, 40])('refuses %i integer digits naming the amount', async (digits) => {
    const { call } = await investor('100');
    await call('/api/user/setaddress', {
      network: 'bep20',
      address: `0x${'ef'.repeat(20)}`,
      fund_password: '246810',
    });
    const reply = await call('/api/user/withdraw', {
      network: 'bep20',
      amount: '9'.repeat(digits),
      fund_password: '246810',
    });
    expect(reply).toMatchObject({ code: 0, data: { field: 'amount' } });
    expect(reply.msg).not.toMatch(/went wrong/);
  });

  it('refuses 11 to 20 integer digits the same way', async () => {
    const { call } = await investor('100');
    for (const amount of ['10000000000', '1'.repeat(19), '9'.repeat(20)]) {
      const reply = await call('/api/user/withdraw', {
        network: 'bep20',
        amount,
        fund_password: '246810',
      });
      expect(reply, amount).toMatchObject({
        code: 0,
        msg: translate('en', 'validation.at_most', {
          limit: '9999999999.99999999',
          field: 'amount',
        }),
        data: { field: 'amount' },
      });
    }
  });

  it('names the amount when the balance does not cover it', async () => {
    const { call } = await investor('50');
    await call('/api/user/setaddress', {
      network: 'bep20',
      address: `0x${'12'.repeat(20)}`,
      fund_password: '246810',
    });
    const reply = await call('/api/user/withdraw', {
      network: 'bep20',
      amount: '60',
      fund_password: '246810',
    });
    expect(reply).toMatchObject({
      code: 0,
      msg: translate('en', 'ledger.insufficient_balance'),
      data: { field: 'amount' },
    });
  });
});

describe('unspendable withdrawal addresses', () => {
  const zeroTron = hexToTron(`0x${'0'.repeat(40)}`);
  it.each([
    ['the zero address', 'bep20', `0x${'0'.repeat(40)}`, 'withdraw.address_unspendable'],
    ['the zero address on TRON', 'trc20', zeroTron, 'withdraw.address_unspendable'],
    [
      'a dead address',
      'erc20',
      '0x000000000000000000000000000000000000dEaD',
      'withdraw.address_unspendable',
    ],
    [
      'a precompile',
      'erc20',
      '0x0000000000000000000000000000000000000004',
      'withdraw.address_unspendable',
    ],
    ['the token contract', 'bep20', TOKEN, 'withdraw.address_is_contract'],
    [
      'the token contract on another network',
      'erc20',
      TOKEN.toUpperCase().replace('0X', '0x'),
      'withdraw.address_is_contract',
    ],
    ['the hot wallet', 'bep20', HOT, 'withdraw.address_is_platform'],
    ['the hot wallet on TRON', 'trc20', hexToTron(HOT), 'withdraw.address_is_platform'],
  ])('refuses %s and saves nothing', async (_label, network, address, key) => {
    const { call } = await investor();
    const reply = await call('/api/user/setaddress', { network, address, fund_password: '246810' });
    expect(reply).toMatchObject({
      code: 0,
      msg: translate('en', key, { field: 'address' }),
      data: { field: 'address' },
    });
    const info = await call<{ address: string; locked_until: string }>('/api/user/drawinfo', {
      network,
    });
    expect(info.data).toMatchObject({ address: '', locked_until: '' });
  });
});
