// Withdrawals end to end on a real local chain: the request freezes the amount, the hot
// wallet pays amount - fee exactly once, refusals are clear and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestUsdt, usdtBalance } from '@olive/devchain';
import { parseAmount } from '@olive/protocol';
import { translate } from '../../i18n/index.ts';
import { register } from '../../../test/accounts.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { ChainWriter } from './chain-writer.ts';

let c: ChainTest;
beforeAll(async () => {
  c = await startChainTest(3);
});
afterAll(() => c.close());

let recipientIndex = 0;
/** A fresh recipient address per test, so on-chain balances start at zero. */
const recipient = () => `0x${(0xabc000 + ++recipientIndex).toString(16).padStart(40, '0')}`;

async function fundedInvestor(amount: string) {
  const user = await register(c.t);
  // A credited deposit, as the watcher would post it.
  await c.t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount(amount) },
      { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
    ],
  });
  const call = <T>(path: string, body: Record<string, string>) =>
    c.t.call<T>(path, body, user.headers);
  const info = async () =>
    (await call<{ balance: string; frozen: string }>('/api/user/userinfo', {})).data!;
  return { user, call, info };
}

async function settle(network: 'bep20' | 'erc20' | 'trc20' = 'bep20') {
  const sender = c.sender(network);
  await sender.tick();
  await c.chain.mine(3);
  await sender.tick();
}

describe('withdrawals', () => {
  it('pays amount - fee on chain once confirmed, from a real deposit', async () => {
    const u = await register(c.t);
    const deposit = await c.t.call<{ address: string }>(
      '/api/user/invest',
      { network: 'bep20' },
      u.headers,
    );
    await sendTestUsdt({
      deployment: c.chain,
      network: 'bep20',
      to: deposit.data!.address,
      amount: '100',
      wait: true,
    });
    await c.chain.mine(3);
    await c.watcher('bep20').tick();
    const to = recipient();
    expect(
      (
        await c.t.call(
          '/api/user/setaddress',
          { network: 'bep20', address: to, fund_password: '246810' },
          u.headers,
        )
      ).code,
    ).toBe(1);
    const reply = await c.t.call<{ status: string; receive_amount: string; fee: string }>(
      '/api/user/withdraw',
      { network: 'bep20', amount: '30', fund_password: '246810' },
      u.headers,
    );
    expect(reply.data).toMatchObject({ status: 'approved', fee: '0.5', receive_amount: '29.5' });
    const frozen = await c.t.call<{ balance: string; frozen: string }>(
      '/api/user/userinfo',
      {},
      u.headers,
    );
    expect(frozen.data).toMatchObject({ balance: '70', frozen: '29.5' });
    await settle();
    const list = await c.t.call<{ list: { status: string; tx_hash: string }[] }>(
      '/api/user/withdrawlist',
      {},
      u.headers,
    );
    expect(list.data!.list[0]).toMatchObject({
      status: 'confirmed',
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await usdtBalance({ deployment: c.chain, network: 'bep20', address: to })).toBe('29.5');
    const after = await c.t.call<{ balance: string; frozen: string }>(
      '/api/user/userinfo',
      {},
      u.headers,
    );
    expect(after.data).toMatchObject({ balance: '70', frozen: '0' });
    expect((await c.audit()).ok).toBe(true);
  });

  it('refuses bad input with a clear translated message and changes nothing', async () => {
    const u = await fundedInvestor('100');
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    const cases: [Record<string, string>, string, Record<string, string | number>][] = [
      [{ amount: '5' }, 'withdraw.below_minimum', { min: '10' }],
      [{ amount: '100.5' }, 'ledger.insufficient_balance', {}],
      [{ amount: '10.123456789' }, 'validation.decimals', { decimals: 8, field: 'amount' }],
      [{ amount: '0' }, 'withdraw.amount_positive', {}],
      [{ amount: '-20' }, 'validation.amount_format', { field: 'amount' }],
      [{ amount: 'twenty' }, 'validation.amount_format', { field: 'amount' }],
      [{ amount: ' 20' }, 'validation.amount_format', { field: 'amount' }],
      [{ amount: '020' }, 'validation.amount_format', { field: 'amount' }],
      [{ amount: '20', fund_password: '000000' }, 'withdraw.fund_password_wrong', { left: 4 }],
      [{ amount: '20', network: 'erc20' }, 'withdraw.address_missing', {}],
    ];
    for (const [fields, key, params] of cases) {
      const reply = await u.call('/api/user/withdraw', {
        network: 'bep20',
        fund_password: '246810',
        lang: 'fr',
        ...fields,
      });
      expect(reply, JSON.stringify(fields)).toMatchObject({
        code: 0,
        msg: translate('fr', key, params),
      });
    }
    expect(await u.info()).toMatchObject({ balance: '100', frozen: '0' });
    const rows = await c.t.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', u.user.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('checks addresses per network and refuses Olive deposit addresses', async () => {
    const u = await fundedInvestor('50');
    const save = (network: string, address: string) =>
      u.call('/api/user/setaddress', { network, address, fund_password: '246810' });
    expect((await save('erc20', '0x123')).msg).toBe(
      translate('en', 'withdraw.address_invalid_erc20'),
    );
    // Mixed case with a wrong EIP-55 checksum.
    expect((await save('erc20', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4DC')).msg).toBe(
      translate('en', 'withdraw.address_invalid_erc20'),
    );
    expect((await save('trc20', '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc')).msg).toBe(
      translate('en', 'withdraw.address_invalid_trc20'),
    );
    expect((await save('bep20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).msg).toBe(
      translate('en', 'withdraw.address_invalid_bep20'),
    );
    const other = await register(c.t);
    const theirs = await c.t.call<{ address: string }>(
      '/api/user/invest',
      { network: 'erc20' },
      other.headers,
    );
    expect((await save('erc20', theirs.data!.address)).msg).toBe(
      translate('en', 'withdraw.address_is_platform'),
    );
    expect((await save('trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).code).toBe(1);
    expect((await save('trc20', 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY')).msg).toBe(
      translate('en', 'withdraw.address_locked'),
    );
  });

  it('accepts exactly as many of 50 parallel requests as the balance covers', async () => {
    const K = 7;
    const u = await fundedInvestor(String(20 * K + 5));
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        u.call<{ status: string }>('/api/user/withdraw', {
          network: 'bep20',
          amount: '20',
          fund_password: '246810',
        }),
      ),
    );
    const accepted = replies.filter((r) => r.code === 1);
    expect(accepted).toHaveLength(K);
    expect(
      replies
        .filter((r) => r.code === 0)
        .every((r) => r.msg === translate('en', 'ledger.insufficient_balance')),
    ).toBe(true);
    expect(await u.info()).toMatchObject({ balance: '5', frozen: String(19.5 * K) });
    expect((await c.audit()).ok).toBe(true);
  });

  it('enforces the daily limit', async () => {
    const u = await fundedInvestor('500');
    await c.t.db
      .updateTable('network_settings')
      .set({ daily_withdrawal_limit: parseAmount('100') })
      .where('network', '=', 'bep20')
      .execute();
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    expect(
      (
        await u.call('/api/user/withdraw', {
          network: 'bep20',
          amount: '80',
          fund_password: '246810',
        })
      ).code,
    ).toBe(1);
    const over = await u.call('/api/user/withdraw', {
      network: 'bep20',
      amount: '30',
      fund_password: '246810',
    });
    expect(over.msg).toBe(translate('en', 'withdraw.daily_limit', { limit: '100', left: '20' }));
    await c.t.db
      .updateTable('network_settings')
      .set({ daily_withdrawal_limit: parseAmount('50000') })
      .where('network', '=', 'bep20')
      .execute();
  });

  it('pays exactly once when the sender dies between signing and recording, or before broadcasting', async () => {
    const u = await fundedInvestor('100');
    const to = recipient();
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: to,
      fund_password: '246810',
    });
    await u.call('/api/user/withdraw', { network: 'bep20', amount: '20', fund_password: '246810' });
    // Death right after signing, before the signed transaction is recorded.
    const real = c.writer('bep20');
    const dyingAfterSign: ChainWriter = {
      ...real,
      signTransfer: async (input) => {
        await real.signTransfer(input);
        throw new Error('killed after signing');
      },
    };
    await expect(c.sender('bep20', dyingAfterSign).tick()).rejects.toThrow('killed after signing');
    // Death after recording, before broadcasting.
    await expect(
      c
        .sender('bep20', undefined, async () => {
          throw new Error('killed before broadcast');
        })
        .tick(),
    ).rejects.toThrow('killed before broadcast');
    // Restarted twice over; each pass checks the chain before sending again.
    await settle();
    await settle();
    expect(await usdtBalance({ deployment: c.chain, network: 'bep20', address: to })).toBe('19.5');
    expect(await u.info()).toMatchObject({ balance: '80', frozen: '0' });
    expect((await c.audit()).ok).toBe(true);
  });

  it('waits for review above the threshold; a rejection releases the funds, an approval sends', async () => {
    await c.t.app.services.settings.put('withdrawal_auto_approve_max', '10');
    const u = await fundedInvestor('200');
    const to = recipient();
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: to,
      fund_password: '246810',
    });
    const first = await u.call<{ withdrawal_id: string; status: string }>('/api/user/withdraw', {
      network: 'bep20',
      amount: '50',
      fund_password: '246810',
    });
    const second = await u.call<{ withdrawal_id: string; status: string }>('/api/user/withdraw', {
      network: 'bep20',
      amount: '60',
      fund_password: '246810',
    });
    expect([first.data!.status, second.data!.status]).toEqual(['pending_review', 'pending_review']);
    await settle();
    expect(await usdtBalance({ deployment: c.chain, network: 'bep20', address: to })).toBe('0');
    await c.t.app.services.withdrawals.reject(first.data!.withdrawal_id, 'op-1', 'address flagged');
    expect(await u.info()).toMatchObject({ balance: '140', frozen: '59.5' });
    await c.t.app.services.withdrawals.approve(second.data!.withdrawal_id, 'op-1');
    await settle();
    expect(await usdtBalance({ deployment: c.chain, network: 'bep20', address: to })).toBe('59.5');
    expect(await u.info()).toMatchObject({ balance: '140', frozen: '0' });
    await expect(
      c.t.app.services.withdrawals.reject(second.data!.withdrawal_id, 'op-1', 'late'),
    ).rejects.toThrow();
    await c.t.app.services.settings.put('withdrawal_auto_approve_max', '1000');
    expect((await c.audit()).ok).toBe(true);
  });

  it('locks withdrawals for 24 hours after 5 wrong fund passwords, saying until when', async () => {
    const u = await fundedInvestor('100');
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    for (let i = 1; i <= 4; i++) {
      const r = await u.call('/api/user/withdraw', {
        network: 'bep20',
        amount: '20',
        fund_password: '111111',
      });
      expect(r.msg).toBe(translate('en', 'withdraw.fund_password_wrong', { left: 5 - i }));
    }
    const locked = await u.call('/api/user/withdraw', {
      network: 'bep20',
      amount: '20',
      fund_password: '111111',
    });
    expect(locked.msg).toMatch(/^Withdrawals are locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const stillLocked = await u.call('/api/user/withdraw', {
      network: 'bep20',
      amount: '20',
      fund_password: '246810',
    });
    expect(stillLocked.msg).toBe(locked.msg);
    const info = await u.call<{ locked_until: string }>('/api/user/drawinfo', { network: 'bep20' });
    expect(new Date(info.data!.locked_until).getTime() - Date.now()).toBeGreaterThan(
      23.9 * 3_600_000,
    );
  });

  it('pauses withdrawals for 24 hours after a login-password change', async () => {
    const u = await fundedInvestor('100');
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    await u.call('/api/user/loginpwd', {
      old_password: 'olive-tree-42',
      new_password: 'olive-tree-43',
    });
    const reply = await u.call('/api/user/withdraw', {
      network: 'bep20',
      amount: '20',
      fund_password: '246810',
    });
    expect(reply.msg).toMatch(
      /^For your security, withdrawals are paused until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    expect(await u.info()).toMatchObject({ balance: '100', frozen: '0' });
  });

  it('pauses withdrawals for 24 hours after an operator resets the address, saying why', async () => {
    const u = await fundedInvestor('100');
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    // The console's users/reset-address (the database notes it, migration 0190); the
    // investor then saves a new address.
    await c.t.app.services.withdrawals.resetAddress(u.user.userId, 'bep20', 'op-1', 'lost wallet');
    await u.call('/api/user/setaddress', {
      network: 'bep20',
      address: recipient(),
      fund_password: '246810',
    });
    const reply = await u.call('/api/user/withdraw', {
      network: 'bep20',
      amount: '20',
      fund_password: '246810',
    });
    expect(reply.msg).toMatch(
      /^For your security, withdrawals are paused until .* after a change to how your account is protected/,
    );
    expect(await u.info()).toMatchObject({ balance: '100', frozen: '0' });
  });
});
