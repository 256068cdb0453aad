// Whether an account exists cannot be told from how long a call takes (issue 30, decision
// 137), for every call that sends a code or signs in: 30 calls about existing accounts
// and 30 about unknown ones, interleaved (alternating which goes first), each to an
// account of its own so no limit or wait decides; their medians are within 20% of each
// other and every pair of replies is the same. Deliveries left after an answer are
// awaited between calls, untimed, so each call is measured on a quiet process (and once
// not, back to back, as an outside client would call). On a
// loaded machine a round may be noisy: up to five rounds are tried, and a gap that comes
// from the code (a reset mailed inside the call: 5 to 30 times slower) fails all five.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { captcha, register } from '../../../test/accounts.ts';
import { hashPassword } from '../auth/password.ts';

vi.setConfig({ testTimeout: 600_000 });

const SAMPLES = 30;
const WARM_UP = 3;
const ROUNDS = 5;
const TOLERANCE = 0.2;

let t: TestApp;
let caller: Awaited<ReturnType<typeof register>>;
const run = randomBytes(3).toString('hex');
/** Accounts that exist (a real password hash, so a sign-in costs what it costs). */
const emails: string[] = [];
const phones: string[] = [];
/** Wallet addresses verified for sign-in by some account. */
const wallets: string[] = [];
const PER_KIND = (SAMPLES + WARM_UP) * ROUNDS;
const PASSWORD = 'olive-tree-42';

beforeAll(async () => {
  t = await createTestApp();
  caller = await register(t);
  const hash = await hashPassword(PASSWORD);
  // Three sets of each: calls of the same scene (reset codes twice, then resetpwd) take
  // theirs.
  for (let i = 0; i < 3 * PER_KIND; i += 1) {
    emails.push(`known${run}${i}@example.com`);
    phones.push(`15${String(100_000_000 + i * 7919).slice(-9)}`);
    wallets.push(`0x${randomBytes(20).toString('hex')}`);
  }
  const accounts = [...emails, ...phones];
  await sql`
    insert into users (account, account_kind, password_hash, fund_password_hash, nickname,
                       invite_code, lang)
    select a, case when a like '%@%' then 'email' else 'phone' end, ${hash}, ${hash}, 'known',
           upper(substr(md5(a), 1, 12)), 'en'
      from unnest(${accounts}::text[]) a`.execute(t.db);
  await sql`
    insert into wallet_logins (address, kind, user_id)
    select w, 'evm', u.id from unnest(${wallets}::text[], ${emails}::text[]) x (w, a)
      join users u on u.account = x.a`.execute(t.db);
});
afterAll(() => t.close());

let unknownN = 0;
const unknownEmail = () => `nobody${run}${(unknownN += 1)}@example.com`;
const unknownPhone = () => `17${String(100_000_000 + (unknownN += 1) * 7919).slice(-9)}`;
const unknownWallet = () => `0x${randomBytes(20).toString('hex')}`;
let ipN = 0;
/** A source address of its own, so per-IP counts (sign-in's captcha after 3) stay apart. */
const nextIp = () => {
  ipN += 1;
  return `127.0.${1 + Math.floor(ipN / 250)}.${1 + (ipN % 250)}`;
};

type Reply = { code: number; msg: string; data?: unknown };
/** What a caller can see of a reply; a captcha proof is a fresh id, so only its form. */
const visible = (reply: Reply) => {
  const data = { ...(reply.data as Record<string, unknown> | undefined) };
  if (typeof data.captcha_proof === 'string') {
    data.captcha_proof = /^[0-9a-f-]{36}$/.test(data.captcha_proof) ? 'a proof' : 'malformed';
  }
  // A wallet nonce is fresh on every call: its message is compared with the address,
  // the nonce and the times taken out.
  if (typeof data.nonce === 'string' && typeof data.message === 'string') {
    data.message = data.message
      .replace(data.nonce, '<nonce>')
      .replace(/0x[0-9a-fA-F]{40}/, '<address>')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>');
    data.nonce = /^[0-9a-f]{32}$/.test(data.nonce) ? 'a nonce' : 'malformed';
    data.expires_at = '<time>';
  }
  return { code: reply.code, msg: reply.msg, data };
};

const form = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  ({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ lang: 'en', ...body }).toString(),
    remoteAddress: nextIp(),
  }) satisfies InjectOptions;

/**
 * One call: its untimed preparation, then the timed request, then (when `quiet`) the
 * untimed wait for the deliveries it left.
 */
async function measure(prepare: () => Promise<InjectOptions>, quiet: boolean) {
  const request = await prepare();
  const started = process.hrtime.bigint();
  const response = await t.app.inject(request);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (quiet) await t.app.services.modules.signIn.later.drain();
  return { ms, reply: response.json() as Reply };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

/**
 * Interleaved rounds of `call` for existing and unknown targets. Every pair of replies
 * must be the same; the medians of one round must be within 20% of each other.
 */
async function compare(
  call: (target: string) => Promise<InjectOptions>,
  known: () => string,
  unknown: () => string,
  { quiet = true } = {},
) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < WARM_UP; i += 1) {
      await measure(() => call(known()), quiet);
      await measure(() => call(unknown()), quiet);
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < SAMPLES; i += 1) {
      // Quiet calls alternate which goes first; back-to-back ones always put the unknown
      // account right after the known one, where a delivery would weigh most.
      const order =
        !quiet || i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      const replies: Partial<Record<'known' | 'unknown', Reply>> = {};
      for (const side of order) {
        const { ms, reply } = await measure(
          () => call(side === 'known' ? known() : unknown()),
          quiet,
        );
        times[side].push(ms);
        replies[side] = reply;
      }
      expect(visible(replies.unknown!)).toEqual(visible(replies.known!));
    }
    const m = { known: median(times.known), unknown: median(times.unknown) };
    const gap = Math.abs(m.known - m.unknown) / Math.max(m.known, m.unknown);
    rounds.push({ known_ms: +m.known.toFixed(1), unknown_ms: +m.unknown.toFixed(1), gap });
    if (gap <= TOLERANCE) return rounds;
  }
  // Every round's medians, in the message of a failure.
  expect(
    rounds.some((r) => r.gap <= TOLERANCE),
    JSON.stringify(rounds),
  ).toBe(true);
  return rounds;
}

/** Yields the next of a list of existing targets. */
const each = (list: string[]) => {
  let i = 0;
  return () => list[i++]!;
};

const code = async (channel: 'email' | 'phone', target: string, scene: string) =>
  form(channel === 'email' ? '/api/user/emailcode' : '/api/user/getphonecode', {
    [channel]: target,
    scene,
    ...(await captcha(t)),
  });

describe('no call tells by its time whether an account exists', () => {
  it('emailcode for a password reset', async () => {
    await compare((a) => code('email', a, 'reset_password'), each(emails), unknownEmail);
  });

  it('emailcode for a password reset, back to back while mail goes out', async () => {
    await compare(
      (a) => code('email', a, 'reset_password'),
      each(emails.slice(2 * PER_KIND)),
      unknownEmail,
      { quiet: false },
    );
    await t.app.services.modules.signIn.later.drain();
  });

  it('getphonecode for a password reset', async () => {
    await compare((a) => code('phone', a, 'reset_password'), each(phones), unknownPhone);
  });

  it('emailcode for registration', async () => {
    await compare((a) => code('email', a, 'register'), each(emails), unknownEmail);
  });

  it('getphonecode for registration', async () => {
    await compare((a) => code('phone', a, 'register'), each(phones), unknownPhone);
  });

  it('resetpwd with a wrong code, after a reset code was asked for', async () => {
    await compare(
      async (account) => {
        await t.app.inject(await code('email', account, 'reset_password'));
        await t.app.services.modules.signIn.later.drain();
        const stored = await sql<{ n: string }>`
          select count(*)::text as n from verification_codes
           where target = ${account} and scene = 'reset_password'`.execute(t.db);
        // A code exists for both (a guess tells "wrong" either way, never "no code").
        expect(stored.rows[0]!.n).toBe('1');
        return form('/api/user/resetpwd', { account, code: '000000', password: 'new-olive-7x' });
      },
      each(emails.slice(PER_KIND)),
      unknownEmail,
    );
  });

  it('login with a wrong password', async () => {
    await compare(
      async (account) => form('/api/user/login', { account, password: 'not-the-password-9' }),
      each(emails),
      unknownEmail,
    );
  });

  it('bindcode for a phone that belongs to another account', async () => {
    await compare(
      async (phone) => form('/api/user/bindcode', { phone }, caller.headers),
      each(phones),
      unknownPhone,
    );
  });

  it('setphone with a wrong code, after bindcode', async () => {
    await compare(
      async (account) => {
        await t.app.inject(form('/api/user/bindcode', { phone: account }, caller.headers));
        await t.app.services.modules.signIn.later.drain();
        return form('/api/user/setphone', { account, code: '000000' }, caller.headers);
      },
      each(phones.slice(PER_KIND)),
      unknownPhone,
    );
  });

  it('getnonce to sign in with a wallet', async () => {
    await compare(
      async (address) => form('/api/user/getnonce', { address, purpose: 'login' }),
      each(wallets),
      unknownWallet,
    );
  });

  it('walletlogin with a signature that is not the wallet owner', async () => {
    await compare(
      async (address) => {
        const nonce = await t.app.inject(form('/api/user/getnonce', { address, purpose: 'login' }));
        const signature = `0x${'1b'.repeat(65)}`;
        return form('/api/user/walletlogin', {
          address,
          nonce: (nonce.json() as { data: { nonce: string } }).data.nonce,
          signature,
        });
      },
      each(wallets.slice(PER_KIND)),
      unknownWallet,
    );
  });
});
