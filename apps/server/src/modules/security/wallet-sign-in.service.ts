// Sign-in with a wallet (`getnonce`): the server hands out a single-use nonce inside the
// message to sign (EIP-4361 for EVM addresses, a plain TRON message for TRON addresses,
// valid 5 minutes); a signature of it proves the address. An account first verifies an
// address in the security centre (purpose `verify`), then that address signs in (`login`).
// The nonce is spent before the signature is checked, so it works once, right or wrong.
import { randomBytes } from 'node:crypto';
import { Trx } from 'tronweb';
import { verifyMessage } from 'viem';
import { isValidEvmAddress, isValidTronAddress, toChecksumAddress } from '@olive/chain';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { SecondFactor } from './two-factor.service.ts';
import type { Db } from '../../db/database.ts';

export const NONCE_TTL_MS = 5 * 60_000;
type Purpose = 'login' | 'verify';

function walletOf(raw: string): { address: string; kind: 'evm' | 'tron' } {
  const value = raw.trim();
  if (isValidEvmAddress(value)) return { address: value.toLowerCase(), kind: 'evm' };
  if (isValidTronAddress(value)) return { address: value, kind: 'tron' };
  throw fieldError('address', 'security.wallet_invalid');
}

export function walletSignInService(deps: {
  db: Db;
  sessions: SessionService;
  secondFactor: SecondFactor;
  clock: Clock;
}) {
  const { db, sessions, secondFactor, clock } = deps;

  /** `domain`: the host the investor signs in to (EIP-4361's first line). */
  function message(
    wallet: { address: string; kind: 'evm' | 'tron' },
    nonce: string,
    purpose: Purpose,
    now: Date,
    domain: string,
  ) {
    const statement =
      purpose === 'login' ? 'Sign in to Olive.' : 'Verify this wallet for signing in to Olive.';
    const expires = new Date(now.getTime() + NONCE_TTL_MS).toISOString();
    if (wallet.kind === 'evm') {
      // EIP-4361 (Sign-In with Ethereum), field by field.
      return [
        `${domain} wants you to sign in with your Ethereum account:`,
        toChecksumAddress(wallet.address),
        '',
        statement,
        '',
        `URI: https://${domain}`,
        'Version: 1',
        'Chain ID: 1',
        `Nonce: ${nonce}`,
        `Issued At: ${now.toISOString()}`,
        `Expiration Time: ${expires}`,
      ].join('\n');
    }
    return [
      `${domain} wants you to sign in with your TRON account:`,
      wallet.address,
      '',
      statement,
      '',
      `Nonce: ${nonce}`,
      `Issued At: ${now.toISOString()}`,
      `Expiration Time: ${expires}`,
    ].join('\n');
  }

  /** Spends the nonce (once, before anything else) and checks the signature of its message. */
  async function prove(
    input: { address: string; nonce: string; signature: string },
    purpose: Purpose,
  ) {
    const wallet = walletOf(input.address);
    const now = clock.now();
    const spent = await db
      .updateTable('sign_in_nonces')
      .set({ used_at: now })
      .where('nonce', '=', input.nonce.trim())
      .where('address', '=', wallet.address)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['message', 'user_id'])
      .executeTakeFirst();
    if (!spent) throw fieldError('nonce', 'security.nonce_expired');
    const signature = input.signature.trim();
    let ok = false;
    try {
      ok =
        wallet.kind === 'evm'
          ? await verifyMessage({
              address: wallet.address as `0x${string}`,
              message: spent.message,
              signature: signature as `0x${string}`,
            })
          : Trx.verifyMessageV2(spent.message, signature) === wallet.address;
    } catch {
      ok = false;
    }
    if (!ok) throw fieldError('signature', 'security.signature_wrong');
    return { wallet, userId: spent.user_id };
  }

  return {
    /** `getnonce`: the message to sign; `verify` needs the signed-in caller. */
    async nonce(address: string, purpose: Purpose, userId: string | null, domain: string) {
      if (purpose === 'verify' && !userId) throw new AppError('error.not_signed_in');
      const wallet = walletOf(address);
      const now = clock.now();
      const nonce = randomBytes(16).toString('hex');
      const text = message(wallet, nonce, purpose, now, domain.replace(/[^A-Za-z0-9.:-]/g, ''));
      await db
        .insertInto('sign_in_nonces')
        .values({
          nonce,
          address: wallet.address,
          purpose,
          user_id: userId,
          message: text,
          expires_at: new Date(now.getTime() + NONCE_TTL_MS),
        })
        .execute();
      return {
        nonce,
        message: text,
        expires_at: new Date(now.getTime() + NONCE_TTL_MS).toISOString(),
      };
    },

    /** Security centre: the signed-in account proves it holds the wallet. */
    async verify(userId: string, input: { address: string; nonce: string; signature: string }) {
      const { wallet, userId: owner } = await prove(input, 'verify');
      if (owner !== userId) throw fieldError('nonce', 'security.nonce_expired');
      const row = await db
        .insertInto('wallet_logins')
        .values({ address: wallet.address, kind: wallet.kind, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .returning('address')
        .executeTakeFirst();
      if (!row) throw fieldError('address', 'security.wallet_taken');
      return { address: input.address.trim(), kind: wallet.kind };
    },

    async wallets(userId: string) {
      return db
        .selectFrom('wallet_logins')
        .select(['address', 'kind'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /** The wallet no longer signs in to this account (only the account's own wallets). */
    async remove(userId: string, address: string) {
      const wallet = walletOf(address);
      const gone = await db
        .deleteFrom('wallet_logins')
        .where('address', '=', wallet.address)
        .where('user_id', '=', userId)
        .returning('address')
        .executeTakeFirst();
      if (!gone) throw fieldError('address', 'security.wallet_not_mine');
      return { address: gone.address };
    },

    /** Sign-in with a verified wallet (and the authenticator code when two-factor is on). */
    async login(
      input: { address: string; nonce: string; signature: string; otp?: string | undefined },
      meta: { ip: string; userAgent?: string | undefined },
    ) {
      const { wallet } = await prove(input, 'login');
      const row = await db
        .selectFrom('wallet_logins')
        .innerJoin('users', 'users.id', 'wallet_logins.user_id')
        .select(['users.id', 'users.status'])
        .where('wallet_logins.address', '=', wallet.address)
        .executeTakeFirst();
      if (!row) throw fieldError('address', 'security.wallet_unknown');
      if (row.status !== 'active') throw new AppError('auth.account_frozen');
      await secondFactor.check(row.id, input.otp);
      const { token } = await sessions.issue(row.id, {
        ip: meta.ip,
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      });
      return { token, user_id: row.id };
    },
  };
}

export type WalletSignInService = ReturnType<typeof walletSignInService>;
