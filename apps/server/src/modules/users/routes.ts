// Account calls: captcha, codes, registration, sign-in, profile and security centre.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody, normalizeLanguage } from '@olive/protocol';
import { Type } from 'typebox';
import { AppError, fieldError, NotSignedInError } from '../../errors.ts';
import { translatorFor } from '../../i18n/index.ts';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import { CODE_SCENES, type CodeScene } from '../auth/codes.ts';
import type { loginService } from './login.service.ts';
import type { ProfileService } from './profile.service.ts';
import type { RegistrationService } from './registration.service.ts';
import type { UserViews } from './views.ts';

const str = (max: number, extra: Record<string, unknown> = {}) =>
  Type.String({ maxLength: max, ...extra });
const opt = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Scene = Type.Union(CODE_SCENES.map((s) => Type.Literal(s)));
const TokenData = Type.Object({ token: Type.String(), user_id: Type.String() });
const Empty = Type.Object({});
/** A registration code call also answers the proof of its solved captcha (issue 18). */
const CodeSent = Type.Object({
  sent_to: Type.Optional(Type.String()),
  captcha_proof: Type.Optional(Type.String()),
});
const signedIn = { config: { auth: true }, security: [{ bearer: [] }] } as const;

export const userRoutes: FastifyPluginAsyncTypebox<{
  captchas: CaptchaService;
  registration: RegistrationService;
  logins: ReturnType<typeof loginService>;
  profiles: ProfileService;
  views: UserViews;
  /** Calls per IP per minute to each sign-in, code and registration call. */
  perMinute: number;
}> = async (app, { captchas, registration, logins, profiles, views, perMinute }) => {
  /**
   * The code calls of the e-mail and SMS channels. A fund-password code goes to the
   * signed-in account's own address or phone, whichever channel was called.
   */
  async function sendCode(
    request: Pick<FastifyRequest, 'caller' | 't' | 'ip' | 'ok'>,
    body: {
      account?: string | undefined;
      scene: CodeScene;
      captcha_id?: string | undefined;
      captcha?: string | undefined;
    },
    expect: 'email' | 'phone',
  ) {
    const { account } = body;
    if (body.scene === 'fund_password') {
      if (!request.caller) throw new NotSignedInError();
      return request.ok(
        await profiles.sendFundPasswordCode(request.caller.userId, request.t, request.ip),
        'auth.code_sent',
      );
    }
    if (!account) throw fieldError(expect, 'validation.required');
    const sent = await registration.requestCode({
      account,
      expect,
      scene: body.scene,
      captcha_id: body.captcha_id,
      captcha: body.captcha,
      t: request.t,
      ip: request.ip,
    });
    return request.ok(sent, 'auth.code_sent');
  }

  const tight = (times: number) => ({
    rateLimit: { max: Math.ceil((perMinute * times) / 10), timeWindow: '1 minute' },
  });

  app.post(
    '/api/main/captcha',
    {
      config: tight(30),
      schema: {
        tags: ['auth'],
        summary: 'A new image captcha (single use, 5 minutes)',
        body: callBody({}),
        response: {
          200: envelopeOf(Type.Object({ captcha_id: Type.String(), image: Type.String() })),
        },
      },
    },
    async (request) => request.ok(await captchas.issue()),
  );

  app.post(
    '/api/user/emailcode',
    {
      config: tight(10),
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit code by e-mail (fund_password: to the signed-in account)',
        body: callBody({
          email: Type.Optional(str(254)),
          captcha_id: opt(64),
          captcha: opt(10),
          scene: Scene,
        }),
        response: { 200: envelopeOf(CodeSent) },
      },
    },
    async (request) => sendCode(request, { ...request.body, account: request.body.email }, 'email'),
  );

  app.post(
    '/api/user/getphonecode',
    {
      config: tight(10),
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit code by SMS (fund_password: to the signed-in account)',
        body: callBody({
          phone: Type.Optional(str(20)),
          captcha_id: opt(64),
          captcha: opt(10),
          scene: Scene,
        }),
        response: { 200: envelopeOf(CodeSent) },
      },
    },
    async (request) => sendCode(request, { ...request.body, account: request.body.phone }, 'phone'),
  );

  app.post(
    '/api/user/regist',
    {
      config: tight(10),
      schema: {
        tags: ['auth'],
        summary: 'Register with e-mail or phone; answers a session token',
        body: callBody({
          account: str(254, { minLength: 1 }),
          password: str(128, { minLength: 1 }),
          fund_password: str(6, { minLength: 1 }),
          code: str(6, { minLength: 1 }),
          captcha_id: opt(64),
          captcha: opt(10),
          captcha_proof: opt(64),
          invite_code: opt(16),
          telegram: opt(40),
          agree: opt(1),
        }),
        response: { 200: envelopeOf(TokenData) },
      },
    },
    async (request) =>
      request.ok(
        await registration.register({
          ...request.body,
          lang: request.lang,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
        'auth.registered',
      ),
  );

  app.post(
    '/api/user/login',
    {
      config: tight(30),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; after 3 failures the image captcha is required',
        body: callBody({
          account: str(254, { minLength: 1 }),
          password: str(128, { minLength: 1 }),
          captcha_id: opt(64),
          captcha: opt(10),
          otp: opt(16),
        }),
        response: { 200: envelopeOf(TokenData) },
      },
    },
    async (request) =>
      request.ok(
        await logins.login({
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
        'auth.logged_in',
      ),
  );

  app.post(
    '/api/user/userinfo',
    {
      config: { auth: true },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user: profile and balance figures',
        security: signedIn.security,
        body: callBody({}),
      },
    },
    async (request, reply) => reply.okJson(await views.userinfoJson(request.caller!.userId)),
  );

  app.post(
    '/api/user/setname',
    {
      config: { auth: true },
      schema: {
        tags: ['users'],
        summary: 'Change the nickname (required, at most 20 characters)',
        security: signedIn.security,
        body: callBody({ nickname: str(200) }),
        response: { 200: envelopeOf(Type.Object({ nickname: Type.String() })) },
      },
    },
    async (request) =>
      request.ok(
        await profiles.setNickname(request.caller!.userId, request.body.nickname),
        'user.nickname_updated',
      ),
  );

  app.post(
    '/api/user/setlang',
    {
      config: { auth: true },
      schema: {
        tags: ['users'],
        summary: 'Save the interface language on the account',
        security: signedIn.security,
        body: callBody({ language: str(10) }),
        response: { 200: envelopeOf(Type.Object({ language: Type.String() })) },
      },
    },
    async (request) =>
      request.ok(await profiles.setLanguage(request.caller!.userId, request.body.language)),
  );

  app.post(
    '/api/user/loginpwd',
    {
      config: { auth: true, ...tight(10) },
      schema: {
        tags: ['users'],
        summary: 'Change the login password; every other session ends',
        security: signedIn.security,
        body: callBody({
          old_password: str(128, { minLength: 1 }),
          new_password: str(128, { minLength: 1 }),
          otp: opt(16),
        }),
        response: { 200: envelopeOf(Empty) },
      },
    },
    async (request) => {
      await profiles.changePassword(request.caller!, request.body);
      return request.ok({}, 'user.password_changed');
    },
  );

  app.post(
    '/api/user/setfundpassword',
    {
      config: { auth: true, ...tight(10) },
      schema: {
        tags: ['users'],
        summary: 'Change the fund password (login password and a code sent to the account)',
        security: signedIn.security,
        body: callBody({
          password: str(128, { minLength: 1 }),
          code: str(6, { minLength: 1 }),
          fund_password: str(6, { minLength: 1 }),
          otp: opt(16),
        }),
        response: { 200: envelopeOf(Empty) },
      },
    },
    async (request) => {
      await profiles.changeFundPassword(request.caller!.userId, request.body);
      return request.ok({}, 'user.fund_password_changed');
    },
  );

  // Multipart: the image in `aiz_file`; the reply also carries `success` and `message`
  // because the spec's upload client reads those.
  app.post(
    '/api/user/setUserHead',
    {
      config: { auth: true, ...tight(10) },
      schema: {
        tags: ['users'],
        summary: 'Upload an avatar (field aiz_file: PNG, JPEG or WebP, 2 MB, 4096x4096)',
        security: signedIn.security,
      },
    },
    async (request, reply) => {
      let buffer: Buffer | null = null;
      let lang = request.lang;
      let files = 0;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'lang')
            lang = normalizeLanguage(part.value);
          if (part.type === 'file') {
            files += 1;
            const bytes = await part.toBuffer();
            if (part.fieldname === 'aiz_file') buffer = bytes;
          }
        }
      } catch (error) {
        // Every way a body can be unreadable is the sender's: each gets its own message,
        // none is an unexpected error (a truncated body, no boundary, a second file).
        const code = (error as { code?: string }).code;
        request.lang = lang;
        request.t = translatorFor(lang);
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('user.avatar_too_large');
        if (code === 'FST_FILES_LIMIT') throw new AppError('user.avatar_one_file');
        throw new AppError('user.upload_unreadable');
      }
      if (files > 1) {
        request.lang = lang;
        request.t = translatorFor(lang);
        throw new AppError('user.avatar_one_file');
      }
      request.lang = lang;
      request.t = translatorFor(lang);
      if (!buffer || buffer.length === 0) throw new AppError('user.avatar_required');
      const data = await profiles.setAvatar(request.caller!.userId, buffer);
      const message = request.t('user.avatar_updated');
      return reply.send({ code: 1, msg: message, data, success: true, message });
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/avatars/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d{1,18})\.webp$/.exec(request.params.file);
      const avatar = match ? await views.avatar(match[1]!) : undefined;
      if (!avatar) return reply.status(404).send({ code: 0, msg: request.t('error.not_found') });
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${avatar.etag}"`)
        .send(avatar.image);
    },
  );
};
