// Security-centre calls: password reset, two-factor (getskey and its switches), binding a
// phone or an e-mail (setphone), and what is bound and enabled.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import type { UsersService } from '../users/users.service.ts';
import { formatUntil } from './fund-password.service.ts';
import type { AccountSecurityService } from './security.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import type { WalletSignInService } from './wallet-sign-in.service.ts';

const security = [{ bearer: [] }];
const Otp = Type.String({ minLength: 1, maxLength: 16 });

export const securityRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountSecurityService;
  twoFactor: TwoFactorService;
  wallets: WalletSignInService;
  users: UsersService;
  perMinute: number;
}> = async (app, { accounts, twoFactor, wallets, users, perMinute }) => {
  const tight = { rateLimit: { max: Math.ceil(perMinute), timeWindow: '1 minute' } };

  app.post(
    '/api/user/resetpwd',
    {
      config: tight,
      schema: {
        tags: ['security'],
        summary:
          'Reset the login password with a reset_password code (emailcode/getphonecode); every session ends',
        body: callBody({
          account: Type.String({ minLength: 1, maxLength: 254 }),
          code: Type.String({ minLength: 1, maxLength: 6 }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
          otp: Type.Optional(Otp),
        }),
        response: {
          200: envelopeOf(Type.Object({ withdrawals_paused_until: Type.String() })),
        },
      },
    },
    async (request) => {
      const { withdrawals_paused_until: until } = await accounts.resetPassword(request.body);
      // The message says until when withdrawals pause (decision 185); the time is on `data`.
      return {
        ...request.ok({ withdrawals_paused_until: until.toISOString() }),
        msg: request.t('security.password_reset', { until: formatUntil(until) }),
      };
    },
  );

  app.post(
    '/api/user/securityinfo',
    {
      config: { auth: true },
      schema: {
        tags: ['security'],
        summary: 'Security centre: bound e-mail and phone, two-factor state, sign-in wallets',
        security,
        body: callBody({}),
        response: {
          200: envelopeOf(
            Type.Object({
              email: Type.String(),
              phone: Type.String(),
              two_factor: Type.Boolean(),
              recovery_left: Type.Integer(),
              wallets: Type.Array(Type.Object({ address: Type.String(), kind: Type.String() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = request.caller!.userId;
      const [ids, tf, verified] = await Promise.all([
        accounts.identifiers(userId),
        twoFactor.status(userId),
        wallets.wallets(userId),
      ]);
      return request.ok({
        ...ids,
        two_factor: tf.enabled,
        recovery_left: tf.recovery_left,
        wallets: verified,
      });
    },
  );

  app.post(
    '/api/user/walletremove',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary: 'Security centre: stop a verified wallet from signing in to this account',
        security,
        body: callBody({ address: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: envelopeOf(Type.Object({ address: Type.String() })) },
      },
    },
    async (request) =>
      request.ok(
        await wallets.remove(request.caller!.userId, request.body.address),
        'security.wallet_removed',
      ),
  );

  app.post(
    '/api/user/getskey',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary:
          'Two-factor: a new authenticator secret and its otpauth:// URI (for the QR code) until enabled',
        security,
        body: callBody({}),
        response: {
          200: envelopeOf(
            Type.Object({
              enabled: Type.Boolean(),
              secret: Type.String(),
              otpauth_url: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const user = await users.findById(request.caller!.userId);
      return request.ok(await twoFactor.newSecret(request.caller!.userId, user?.account ?? ''));
    },
  );

  app.post(
    '/api/user/skeyon',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary: 'Two-factor on: the first code from the app; answers 10 single-use recovery codes',
        security,
        body: callBody({ otp: Otp }),
        response: {
          200: envelopeOf(
            Type.Object({ enabled: Type.Boolean(), recovery_codes: Type.Array(Type.String()) }),
          ),
        },
      },
    },
    async (request) =>
      request.ok(
        await twoFactor.enable(request.caller!.userId, request.body.otp),
        'security.otp_enabled',
      ),
  );

  app.post(
    '/api/user/skeyoff',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary: 'Two-factor off: needs a valid code or a recovery code',
        security,
        body: callBody({ otp: Otp }),
        response: { 200: envelopeOf(Type.Object({ enabled: Type.Boolean() })) },
      },
    },
    async (request) =>
      request.ok(
        await twoFactor.disable(request.caller!.userId, request.body.otp),
        'security.otp_disabled',
      ),
  );

  app.post(
    '/api/user/bindcode',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary: 'Send a code to the phone (or e-mail) to bind to the signed-in account',
        security,
        body: callBody({
          email: Type.Optional(Type.String({ maxLength: 254 })),
          phone: Type.Optional(Type.String({ maxLength: 20 })),
        }),
        response: { 200: envelopeOf(Type.Object({})) },
      },
    },
    async (request) => {
      const { email, phone } = request.body;
      const expect = phone ? 'phone' : 'email';
      await accounts.sendBindCode(
        request.caller!.userId,
        (phone ?? email ?? '').trim(),
        expect,
        request.t,
        request.ip,
      );
      return request.ok({}, 'auth.code_sent');
    },
  );

  app.post(
    '/api/user/setphone',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary:
          'Bind a phone to an e-mail account (or an e-mail to a phone account) with the code bindcode sent',
        security,
        body: callBody({
          account: Type.String({ minLength: 1, maxLength: 254 }),
          code: Type.String({ minLength: 1, maxLength: 6 }),
        }),
        response: {
          200: envelopeOf(Type.Object({ account: Type.String(), kind: Type.String() })),
        },
      },
    },
    async (request) =>
      request.ok(await accounts.bind(request.caller!.userId, request.body), 'security.bound'),
  );

  const Address = Type.String({ minLength: 1, maxLength: 64 });
  const Proof = {
    address: Address,
    nonce: Type.String({ minLength: 1, maxLength: 64 }),
    signature: Type.String({ minLength: 1, maxLength: 200 }),
  };

  app.post(
    '/api/user/getnonce',
    {
      config: tight,
      schema: {
        tags: ['security'],
        summary:
          'Sign in with a wallet: a single-use nonce (5 minutes) in the message to sign (EIP-4361 for EVM, a TRON message for TRON)',
        body: callBody({
          address: Address,
          purpose: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('verify')])),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              nonce: Type.String(),
              message: Type.String(),
              expires_at: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) =>
      request.ok(
        await wallets.nonce(
          request.body.address,
          request.body.purpose ?? 'login',
          request.caller?.userId ?? null,
          request.headers.host ?? 'olive',
        ),
      ),
  );

  app.post(
    '/api/user/walletverify',
    {
      config: { auth: true, ...tight },
      schema: {
        tags: ['security'],
        summary: 'Security centre: verify a wallet (signature of a getnonce verify message)',
        security,
        body: callBody(Proof),
        response: {
          200: envelopeOf(Type.Object({ address: Type.String(), kind: Type.String() })),
        },
      },
    },
    async (request) =>
      request.ok(
        await wallets.verify(request.caller!.userId, request.body),
        'security.wallet_verified',
      ),
  );

  app.post(
    '/api/user/walletlogin',
    {
      config: tight,
      schema: {
        tags: ['security'],
        summary: 'Sign in with a verified wallet (signature of a getnonce login message)',
        body: callBody({ ...Proof, otp: Type.Optional(Otp) }),
        response: {
          200: envelopeOf(Type.Object({ token: Type.String(), user_id: Type.String() })),
        },
      },
    },
    async (request) =>
      request.ok(
        await wallets.login(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
        'auth.logged_in',
      ),
  );
};
