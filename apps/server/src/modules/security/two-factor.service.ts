// Investor two-factor: an authenticator-app secret (TOTP, RFC 6238: SHA-1, 6 digits, 30 s)
// enrolled by QR code, 10 single-use recovery codes, and the check that sign-in,
// withdrawals, address saving and password changes ask for once it is enabled. A code
// spends its time step (one conditional update), so it cannot be replayed; wrong codes
// are claimed against a limit before they are checked (decision 110).
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CounterStore } from '../auth/counters.ts';
import type { SecurityRepository } from './security.repository.ts';

export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODES = 10;
export const OTP_TRIES = 5;
export const OTP_WINDOW_MS = 15 * 60_000;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const recoveryHash = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}\n${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest();

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: 'Olive',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function twoFactorService(deps: {
  repo: SecurityRepository;
  counters: CounterStore;
  clock: Clock;
}) {
  const { repo, counters, clock } = deps;

  /** True when `otp` is a fresh code of the secret (its time step is spent) or a recovery code. */
  async function accepts(userId: string, secret: string, otp: string, allowRecovery: boolean) {
    const token = otp.replace(/\s/g, '');
    if (/^\d{6}$/.test(token)) {
      const now = clock.now().getTime();
      const delta = totpFor(secret, '').validate({ token, timestamp: now, window: 1 });
      if (delta === null) return false;
      const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
      return repo.claimStep(userId, step);
    }
    if (allowRecovery && /^[a-z0-9-]{8,12}$/i.test(token)) {
      return repo.useRecovery(userId, recoveryHash(userId, token), clock.now());
    }
    return false;
  }

  /** Claims one of the 5 tries per 15 minutes first, then checks (throws a field error). */
  async function verify(userId: string, secret: string, otp: string, allowRecovery = true) {
    const key = `otp:${userId}`;
    if ((await counters.hit(key, OTP_WINDOW_MS)) > OTP_TRIES) {
      throw fieldError('otp', 'security.otp_locked', { minutes: OTP_WINDOW_MS / 60_000 });
    }
    if (!(await accepts(userId, secret, otp, allowRecovery))) {
      throw fieldError('otp', 'security.otp_wrong');
    }
    await counters.undo(key);
  }

  return {
    async status(userId: string) {
      const row = await repo.twoFactor(userId);
      const enabled = Boolean(row?.enabled_at);
      return { enabled, recovery_left: enabled ? await repo.recoveryLeft(userId) : 0 };
    },

    /** The console's view: on or off, and since when (a recent change is a risk signal). */
    async since(userId: string) {
      const row = await repo.twoFactor(userId);
      return {
        enabled: Boolean(row?.enabled_at),
        enabled_at: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
      };
    },

    /** `getskey`: a new secret and its otpauth:// URI for the QR code (until enabled). */
    async newSecret(userId: string, label: string) {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.saveSecret(userId, secret))) throw new AppError('security.otp_already_on');
      return { enabled: false, secret, otpauth_url: totpFor(secret, label).toString() };
    },

    /** The first code proves the app has the secret; answers the recovery codes, once. */
    async enable(userId: string, otp: string) {
      const row = await repo.twoFactor(userId);
      if (!row) throw fieldError('otp', 'security.otp_no_secret');
      if (row.enabled_at) throw new AppError('security.otp_already_on');
      await verify(userId, row.secret, otp, false);
      const codes = Array.from({ length: RECOVERY_CODES }, () => {
        const raw = Array.from(
          randomBytes(10),
          (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length],
        ).join('');
        return `${raw.slice(0, 5)}-${raw.slice(5)}`;
      });
      const ok = await repo.enable(
        userId,
        codes.map((c) => recoveryHash(userId, c)),
        clock.now(),
      );
      if (!ok) throw new AppError('security.otp_already_on');
      return { enabled: true, recovery_codes: codes };
    },

    /** Turning it off needs a valid code (or a recovery code). */
    async disable(userId: string, otp: string) {
      const row = await repo.twoFactor(userId);
      if (!row?.enabled_at) throw new AppError('security.otp_not_on');
      await verify(userId, row.secret, otp);
      await repo.disable(userId);
      return { enabled: false };
    },

    /**
     * The second step of a protected action: nothing when two-factor is off; otherwise
     * `otp` must be a fresh code or an unused recovery code.
     */
    async check(userId: string, otp: string | undefined) {
      const row = await repo.twoFactor(userId);
      if (!row?.enabled_at) return;
      if (!otp?.trim()) {
        throw new AppError('security.otp_required', {}, { field: 'otp', two_factor: true });
      }
      await verify(userId, row.secret, otp);
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
/** What other modules need of two-factor: the second step of a protected action. */
export type SecondFactor = Pick<TwoFactorService, 'check'>;
