// Sign-in with a wallet: an account verifies an EVM or TRON address by signing a nonce's
// message, then that address signs in with a new nonce. Nonces work once and expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { Trx } from 'tronweb';
import { hexToTron } from '@olive/chain';
import { translate } from '../../i18n/index.ts';
import { ManualClock } from '../../ports/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { register } from '../../../test/accounts.ts';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const key = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;

async function nonce(address: string, purpose: 'login' | 'verify', headers = {}) {
  const reply = await t.call<{ nonce: string; message: string }>(
    '/api/user/getnonce',
    { address, purpose },
    headers,
  );
  expect(reply.code).toBe(1);
  return reply.data!;
}

describe('EVM wallet', () => {
  it('verifies the address, then signs in with an EIP-4361 message, once per nonce', async () => {
    const user = await register(t);
    const wallet = privateKeyToAccount(key(0xa11ce));
    const v = await nonce(wallet.address, 'verify', user.headers);
    expect(v.message).toMatch(/wants you to sign in with your Ethereum account:\n0x/);
    expect(v.message).toContain(`Nonce: ${v.nonce}`);
    const verified = await t.call(
      '/api/user/walletverify',
      {
        address: wallet.address,
        nonce: v.nonce,
        signature: await wallet.signMessage({ message: v.message }),
      },
      user.headers,
    );
    expect(verified.code).toBe(1);

    const l = await nonce(wallet.address, 'login');
    const signature = await wallet.signMessage({ message: l.message });
    const login = await t.call<{ user_id: string }>('/api/user/walletlogin', {
      address: wallet.address,
      nonce: l.nonce,
      signature,
    });
    expect(login.data?.user_id).toBe(user.userId);
    const again = await t.call('/api/user/walletlogin', {
      address: wallet.address,
      nonce: l.nonce,
      signature,
    });
    expect(again).toMatchObject({ code: 0, msg: translate('en', 'security.nonce_expired') });
  });

  it('refuses a signature of another wallet, an expired nonce and an unverified wallet', async () => {
    const user = await register(t);
    const wallet = privateKeyToAccount(key(0xb0b));
    const other = privateKeyToAccount(key(0xe7e));
    const v = await nonce(wallet.address, 'verify', user.headers);
    const forged = await t.call(
      '/api/user/walletverify',
      {
        address: wallet.address,
        nonce: v.nonce,
        signature: await other.signMessage({ message: v.message }),
      },
      user.headers,
    );
    expect(forged).toMatchObject({ code: 0, data: { field: 'signature' } });
    const l = await nonce(other.address, 'login');
    const unknown = await t.call('/api/user/walletlogin', {
      address: other.address,
      nonce: l.nonce,
      signature: await other.signMessage({ message: l.message }),
    });
    expect(unknown).toMatchObject({ code: 0, data: { field: 'address' } });
    const late = await nonce(other.address, 'login');
    clock.advance(5 * 60_000 + 1);
    const expired = await t.call('/api/user/walletlogin', {
      address: other.address,
      nonce: late.nonce,
      signature: await other.signMessage({ message: late.message }),
    });
    expect(expired.msg).toBe(translate('en', 'security.nonce_expired'));
  });
});

describe('TRON wallet', () => {
  it('verifies and signs in with a TRON signed message', async () => {
    const user = await register(t);
    const privateKey = key(0x7707).slice(2);
    const address = hexToTron(privateKeyToAccount(`0x${privateKey}`).address);
    const v = await nonce(address, 'verify', user.headers);
    expect(v.message).toMatch(/TRON account:\nT/);
    expect(
      (
        await t.call(
          '/api/user/walletverify',
          { address, nonce: v.nonce, signature: Trx.signMessageV2(v.message, privateKey) },
          user.headers,
        )
      ).code,
    ).toBe(1);
    const l = await nonce(address, 'login');
    const login = await t.call<{ user_id: string }>('/api/user/walletlogin', {
      address,
      nonce: l.nonce,
      signature: Trx.signMessageV2(l.message, privateKey),
    });
    expect(login.data?.user_id).toBe(user.userId);
  });
});

describe('verified wallets in the security centre', () => {
  it('lists them, removes one (only the account’s own), and a removed one signs in no more', async () => {
    const user = await register(t);
    const stranger = await register(t);
    const wallet = privateKeyToAccount(key(0xfeed));
    const v = await nonce(wallet.address, 'verify', user.headers);
    const signature = await wallet.signMessage({ message: v.message });
    const body = { address: wallet.address, nonce: v.nonce, signature };
    expect((await t.call('/api/user/walletverify', body, user.headers)).code).toBe(1);

    const info = await t.call<{ wallets: { address: string; kind: string }[] }>(
      '/api/user/securityinfo',
      {},
      user.headers,
    );
    expect(info.data?.wallets).toEqual([{ address: wallet.address.toLowerCase(), kind: 'evm' }]);

    const theirs = await t.call(
      '/api/user/walletremove',
      { address: wallet.address },
      stranger.headers,
    );
    expect(theirs).toMatchObject({
      code: 0,
      msg: translate('en', 'security.wallet_not_mine'),
      data: { field: 'address' },
    });

    const removed = await t.call(
      '/api/user/walletremove',
      { address: wallet.address },
      user.headers,
    );
    expect(removed).toMatchObject({ code: 1, msg: translate('en', 'security.wallet_removed') });
    const after = await t.call<{ wallets: unknown[] }>('/api/user/securityinfo', {}, user.headers);
    expect(after.data?.wallets).toEqual([]);

    const l = await nonce(wallet.address, 'login');
    const login = await t.call('/api/user/walletlogin', {
      address: wallet.address,
      nonce: l.nonce,
      signature: await wallet.signMessage({ message: l.message }),
    });
    expect(login).toMatchObject({ code: 0, data: { field: 'address' } });
  });
});
