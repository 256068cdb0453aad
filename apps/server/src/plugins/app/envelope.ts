// Every answer is the spec's envelope {code, msg, data, tologin}. This plugin turns
// thrown errors into envelopes: AppError -> code 0, NotSignedInError -> code 10000,
// schema failures -> code 0 naming the field, anything else -> logged with the request
// id, answered with a translated message and no stack.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ReplyCode, normalizeLanguage, type Envelope } from '@olive/protocol';
import { AppError, NotSignedInError, fieldError } from '../../errors.ts';
import { translatorFor, type Params } from '../../i18n/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ok<T>(data: T, key?: string): Envelope<T>;
  }
  interface FastifyReply {
    /** Sends the success envelope around data already serialised as JSON text (`json`). */
    okJson(json: string, key?: string): FastifyReply;
  }
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The field a schema failure is about, and the message key and parameters for it. */
export function describeValidationError(
  errors: AjvError[],
  body: unknown,
): { field: string; key: string; params: Params } {
  const first = errors[0];
  if (!first) return { field: 'request', key: 'error.bad_request', params: {} };
  const field =
    first.keyword === 'required'
      ? String(first.params.missingProperty)
      : first.instancePath.replace(/^\//, '').split('/')[0] || 'request';
  const value = (body as Record<string, unknown> | undefined)?.[field];
  const blank = typeof value === 'string' && value.trim() === '';
  if (first.keyword === 'required' || blank || value === undefined) {
    return { field, key: 'validation.required', params: {} };
  }
  if (first.keyword === 'minLength') {
    return { field, key: 'validation.too_short', params: { limit: Number(first.params.limit) } };
  }
  if (first.keyword === 'maxLength') {
    return { field, key: 'validation.too_long', params: { limit: Number(first.params.limit) } };
  }
  if (first.keyword === 'enum' && Array.isArray(first.params.allowedValues)) {
    return {
      field,
      key: 'validation.one_of',
      params: { values: first.params.allowedValues.join(', ') },
    };
  }
  if (first.keyword === 'minimum' || first.keyword === 'maximum') {
    const key = first.keyword === 'minimum' ? 'validation.at_least' : 'validation.at_most';
    return { field, key, params: { limit: Number(first.params.limit) } };
  }
  return { field, key: 'validation.invalid', params: {} };
}

/** The first field (one level of nesting) whose value `bad` refuses. */
function firstField(input: unknown, bad: (value: unknown) => boolean, depth = 0): string | null {
  if (!input || typeof input !== 'object' || depth > 1) return null;
  const fields = input as Record<string, unknown>;
  for (const field of Object.keys(fields)) {
    const value = fields[field];
    if (bad(value) || firstField(value, bad, depth + 1)) return field;
  }
  return null;
}

/** Text holding U+0000, which SQL text cannot. */
const holdsNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

/**
 * A number that is not finite. Ajv's type coercion turns "Infinity" or "1e400" into
 * Infinity and then skips the bounds of a number or integer field (it checks them only
 * for finite values), so a schema's maximum alone does not keep Infinity from SQL.
 */
const nonFinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value);

/** Refuses the request, naming the field, when its body or query holds a `bad` value. */
function refuseWhere(bad: (value: unknown) => boolean) {
  // A callback hook, not an async one: it never waits, and every call runs it.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const field = firstField(request.body, bad) ?? firstField(request.query, bad);
    done(field ? fieldError(field) : undefined);
  };
}

function langOf(request: FastifyRequest) {
  // The error may come before preValidation ran (an unreadable body, a shed call before
  // the body was read), so read the call's `lang` again, as preValidation does.
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return normalizeLanguage(
    (body && typeof body === 'object' ? body.lang : undefined) ?? query?.lang ?? request.lang,
  );
}

export default fp(
  async (app) => {
    app.decorateRequest('ok', function <T>(this: FastifyRequest, data: T, key = 'success') {
      return { code: ReplyCode.Ok, msg: this.t(key), data };
    });
    app.decorateReply('okJson', function (this: FastifyReply, json: string, key = 'success') {
      const msg = JSON.stringify(this.request.t(key));
      return this.type('application/json; charset=utf-8').send(
        `{"code":${ReplyCode.Ok},"msg":${msg},"data":${json}}`,
      );
    });

    // No text with a NUL character reaches a handler: PostgreSQL refuses it mid-query.
    app.addHook('preValidation', refuseWhere(holdsNul));
    // After validation (which coerced the numbers): none may be infinite.
    app.addHook('preHandler', refuseWhere(nonFinite));

    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const t = translatorFor(langOf(request));
      // Sent as a string: a failure's data ({field}) must not meet the route's
      // success-reply serializer.
      const send = (status: number, body: Envelope) =>
        reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
      if (error instanceof AppError) {
        const body: Envelope = { code: ReplyCode.Failure, msg: t(error.key, error.params) };
        if (error.data) body.data = error.data;
        return send(200, body);
      }
      if (error instanceof NotSignedInError) {
        return send(200, { code: ReplyCode.NotSignedIn, msg: t(error.key), tologin: 1 });
      }
      if (error.validation) {
        const { field, key, params } = describeValidationError(
          error.validation as unknown as AjvError[],
          request.body,
        );
        return send(200, {
          code: ReplyCode.Failure,
          msg: t(key, { ...params, field }),
          data: { field },
        });
      }
      if (error.statusCode === 429) {
        const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
        return send(200, { code: ReplyCode.Failure, msg: t('error.rate_limited', { seconds }) });
      }
      // Load shed (under-pressure.ts: the event loop fell behind): a busy server, not a
      // fault, so not logged as one. Like the rate limit, an envelope the app shows as a
      // translated message (Retry-After is set); balancers watch /health, which says 503.
      if (error.code === 'FST_UNDER_PRESSURE') {
        request.log.warn('load shed: event loop behind');
        return send(200, { code: ReplyCode.Failure, msg: t('error.busy') });
      }
      // Transport-level problems (unreadable body, too large, wrong media type) keep
      // their HTTP status: the client shows them as 'ERROR <status>'.
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return send(error.statusCode, { code: ReplyCode.Failure, msg: t('error.bad_request') });
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(200, {
        code: ReplyCode.Failure,
        msg: t('error.internal', { requestId: String(request.id) }),
        data: { request_id: String(request.id) },
      });
    });

    app.setNotFoundHandler((request, reply) => {
      const t = translatorFor(langOf(request));
      return reply.status(404).send({ code: ReplyCode.Failure, msg: t('error.not_found') });
    });
  },
  { name: 'olive-envelope', dependencies: ['olive-i18n'] },
);
