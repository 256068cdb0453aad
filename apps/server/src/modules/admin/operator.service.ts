// Operator accounts: creation (CLI and console), sign-in with rate limits and lockout,
// TOTP enrolment and checks (a code is spent once), sessions that end after inactivity,
// password changes. Separate from investors in every table.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CounterStore } from '../auth/counters.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../auth/password.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { OperatorRepository } from './operator.repository.ts';
import { ROLES, type Role } from './permissions.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LOCK_AFTER = 5;
export const IP_LOCK_AFTER = 30;
export const TOTP_PERIOD_S = 30;

const tokenHash = (token: string) => createHash('sha256').update(token).digest();

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: 'Olive console',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A readable one-time password: 20 characters from a 31-letter alphabet (~99 bits). */
function oneTimePassword() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

export interface Operator {
  id: string;
  email: string;
  role: Role;
  status: 'active' | 'disabled';
  totp_enabled: boolean;
}

export function operatorView(row: {
  id: string;
  email: string;
  role: Role;
  status: 'active' | 'disabled';
  totp_enabled_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
}) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    totp_enabled: row.totp_enabled_at !== null,
    created_at: row.created_at.toISOString(),
    last_login_at: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}

export function operatorService(deps: {
  repo: OperatorRepository;
  counters: CounterStore;
  clock: Clock;
  idleMs: number;
  absoluteMs: number;
}) {
  const { repo, counters, clock, idleMs, absoluteMs } = deps;

  function normalEmail(email: string) {
    const e = email.trim().toLowerCase();
    if (!/^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,60}$/.test(e)) {
      throw fieldError('email', 'validation.invalid');
    }
    return e;
  }

  /** True when `otp` is a fresh code of the secret; spends its time step. */
  async function acceptsCode(id: string, secret: string, otp: string) {
    const token = otp.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    const now = clock.now().getTime();
    const delta = totpFor(secret, '').validate({ token, timestamp: now, window: 1 });
    if (delta === null) return false;
    return repo.claimStep(id, Math.floor(now / 1000 / TOTP_PERIOD_S) + delta);
  }

  async function issueSession(operatorId: string, ip: string, userAgent: string | undefined) {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expires = new Date(now.getTime() + absoluteMs);
    const { id } = await repo.insertSession({
      operator_id: operatorId,
      token_hash: tokenHash(token),
      created_at: now,
      last_seen_at: now,
      expires_at: expires,
      ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, sessionId: id, expires_at: expires.toISOString() };
  }

  return {
    async create(input: { email: string; role: string }) {
      const email = normalEmail(input.email);
      if (!(ROLES as readonly string[]).includes(input.role)) {
        throw fieldError('role', 'validation.invalid');
      }
      if (await repo.byEmail(email)) throw fieldError('email', 'admin.operator_exists');
      const password = oneTimePassword();
      const row = await repo.insert({
        email,
        role: input.role as Role,
        password_hash: await hashPassword(password),
      });
      return { ...operatorView(row), password };
    },

    /**
     * Tries are claimed first per account and per IP (one atomic increment each), then
     * judged on counts that include every try in flight (as investor sign-in does).
     */
    async login(input: {
      email: string;
      password: string;
      otp?: string | undefined;
      ip: string;
      userAgent?: string | undefined;
    }) {
      const email = input.email.trim().toLowerCase();
      const accountKey = `admin:login:acct:${email}`;
      const ipKey = `admin:login:ip:${input.ip}`;
      const [accountTries, ipTries] = await Promise.all([
        counters.hit(accountKey, LOGIN_WINDOW_MS),
        counters.hit(ipKey, LOGIN_WINDOW_MS),
      ]);
      if (accountTries > ACCOUNT_LOCK_AFTER || ipTries > IP_LOCK_AFTER) {
        throw new AppError('admin.login_locked', { minutes: LOGIN_WINDOW_MS / 60_000 });
      }
      const row = await repo.byEmail(email);
      const ok = row
        ? await verifyPassword(row.password_hash, input.password)
        : await verifyDecoy(input.password);
      if (!row || !ok) throw new AppError('admin.login_failed');
      if (row.status !== 'active') throw new AppError('admin.operator_disabled');
      if (row.totp_enabled_at && row.totp_secret) {
        if (!input.otp?.trim()) {
          // Asked for the code: not a failure.
          await Promise.all([counters.undo(accountKey), counters.undo(ipKey)]);
          throw fieldError('otp', 'admin.otp_required');
        }
        if (!(await acceptsCode(row.id, row.totp_secret, input.otp))) {
          throw fieldError('otp', 'admin.otp_invalid');
        }
      }
      await Promise.all([counters.reset(accountKey), counters.undo(ipKey)]);
      await repo.update(row.id, { last_login_at: clock.now() });
      const session = await issueSession(row.id, input.ip, input.userAgent);
      return {
        operator: row,
        token: session.token,
        operator_id: row.id,
        totp_enabled: row.totp_enabled_at !== null,
        expires_at: session.expires_at,
      };
    },

    /** The operator behind a token, refreshing the session's inactivity timer; null if none. */
    async resolve(token: string) {
      const now = clock.now();
      const session = await repo.touchSession(
        tokenHash(token),
        now,
        new Date(now.getTime() - idleMs),
      );
      if (!session) return null;
      const row = await repo.byId(session.operator_id);
      if (!row || row.status !== 'active') return null;
      return { operator: row, sessionId: session.id };
    },

    async totpSetup(operatorId: string, email: string) {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.savePendingSecret(operatorId, secret))) {
        throw new AppError('admin.totp_already_enabled');
      }
      return { secret, otpauth_url: totpFor(secret, email).toString() };
    },

    async totpEnable(operatorId: string, otp: string) {
      const row = await repo.byId(operatorId);
      if (!row?.totp_secret) throw fieldError('otp', 'admin.totp_no_secret');
      if (row.totp_enabled_at) throw new AppError('admin.totp_already_enabled');
      const key = `admin:otp:${operatorId}`;
      if ((await counters.hit(key, LOGIN_WINDOW_MS)) > ACCOUNT_LOCK_AFTER) {
        throw new AppError('admin.login_locked', { minutes: LOGIN_WINDOW_MS / 60_000 });
      }
      if (!(await acceptsCode(operatorId, row.totp_secret, otp))) {
        throw fieldError('otp', 'admin.otp_invalid');
      }
      await counters.reset(key);
      if (!(await repo.enableTotp(operatorId, clock.now()))) {
        throw new AppError('admin.totp_already_enabled');
      }
      return { totp_enabled: true };
    },

    async changePassword(operatorId: string, sessionId: string, current: string, next: string) {
      const row = await repo.byId(operatorId);
      if (!row || !(await verifyPassword(row.password_hash, current))) {
        throw fieldError('password', 'admin.password_wrong');
      }
      if (next.length < 10) throw fieldError('new_password', 'validation.too_short', { limit: 10 });
      await repo.update(operatorId, { password_hash: await hashPassword(next) });
      await repo.endSessionsOf(operatorId, clock.now(), sessionId);
      return {};
    },

    async sessions(operatorId: string, currentId: string) {
      const now = clock.now();
      const rows = await repo.sessionsOf(operatorId, now, new Date(now.getTime() - idleMs));
      const list = rows.map((r) => ({
        id: r.id,
        created_at: r.created_at.toISOString(),
        last_seen_at: r.last_seen_at.toISOString(),
        expires_at: r.expires_at.toISOString(),
        ip: r.ip ?? '',
        user_agent: r.user_agent ?? '',
        current: r.id === currentId,
      }));
      return { list, total: list.length };
    },

    async endSession(operatorId: string, sessionId: string) {
      if (!(await repo.endSession(operatorId, sessionId, clock.now()))) {
        throw new AppError('admin.not_found', {}, { field: 'id' });
      }
      return {};
    },

    async list(query: ListQuery) {
      const { rows, total } = await repo.list(query);
      return { list: rows.map(operatorView), total };
    },

    async show(id: string) {
      const row = await repo.byId(id);
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      return operatorView(row);
    },

    async update(
      actorId: string,
      id: string,
      input: { role?: string | undefined; status?: string | undefined },
    ) {
      if (id === actorId) throw new AppError('admin.not_self');
      const values: { role?: Role; status?: 'active' | 'disabled' } = {};
      if (input.role !== undefined) {
        if (!(ROLES as readonly string[]).includes(input.role)) {
          throw fieldError('role', 'validation.invalid');
        }
        values.role = input.role as Role;
      }
      if (input.status !== undefined) {
        if (input.status !== 'active' && input.status !== 'disabled') {
          throw fieldError('status', 'validation.invalid');
        }
        values.status = input.status;
      }
      const row = Object.keys(values).length ? await repo.update(id, values) : await repo.byId(id);
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      if (values.status === 'disabled') await repo.endSessionsOf(id, clock.now());
      return operatorView(row);
    },

    async resetTotp(actorId: string, id: string) {
      if (id === actorId) throw new AppError('admin.not_self');
      const row = await repo.update(id, { totp_secret: null, totp_enabled_at: null });
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      await repo.endSessionsOf(id, clock.now());
      return operatorView(row);
    },

    async resetPassword(actorId: string, id: string) {
      if (id === actorId) throw new AppError('admin.not_self');
      const password = oneTimePassword();
      const row = await repo.update(id, { password_hash: await hashPassword(password) });
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      await repo.endSessionsOf(id, clock.now());
      return { ...operatorView(row), password };
    },

    logout: (operatorId: string, sessionId: string) =>
      repo.endSession(operatorId, sessionId, clock.now()),
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
