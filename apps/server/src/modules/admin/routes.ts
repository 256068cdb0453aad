// The admin API's transport: POST /api/admin/<resource>/<action> with a JSON body, the
// investor envelope in English or Simplified Chinese, the operator's session, TOTP
// enrolment before anything else, the role check for every call and the audit log
// (every change, every refusal). Each call is an AdminAction (console/action.ts), which
// its module declares (modules/<m>/<m>.admin.ts) and module.ts gathers.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject } from 'typebox';
import { ReplyCode } from '@olive/protocol';
import { AppError, NotSignedInError } from '../../errors.ts';
import { describeValidationError } from '../../plugins/app/envelope.ts';
import { looseNumberError } from '../../plugins/app/numbers.ts';
import { bearerToken } from '../../plugins/app/auth.ts';
import type { AdminAction, AdminCall, AuditNote } from '../../console/action.ts';
import { adminLanguage, adminTranslate } from './i18n.ts';
import type { OperatorRepository } from './operator.repository.ts';
import type { OperatorService } from './operator.service.ts';
import { may } from './permissions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    adminCall: AdminCall | null;
  }
}

const langField = Type.Optional(Type.String({ maxLength: 10 }));

function targetOf(path: string, body: unknown) {
  const id = (body as Record<string, unknown> | undefined)?.id;
  // users/... -> user:12, as the actions name their targets.
  const resource = path.split('/')[0]!.replace(/s$/, '');
  return typeof id === 'string' || typeof id === 'number' ? `${resource}:${String(id)}` : null;
}

export async function adminRoutes(
  app: FastifyInstance,
  opts: { actions: AdminAction[]; operators: OperatorService; repo: OperatorRepository },
) {
  const { operators, repo } = opts;
  app.decorateRequest('adminCall', null);

  const langOf = (request: FastifyRequest) =>
    adminLanguage((request.body as Record<string, unknown> | undefined)?.lang);

  async function audit(
    request: FastifyRequest,
    path: string,
    outcome: 'done' | 'refused',
    note: AuditNote & { operatorId?: string | null; operatorEmail?: string | null },
  ) {
    const call = request.adminCall;
    await repo.audit({
      operator_id: note.operatorId ?? call?.operator.id ?? null,
      operator_email: note.operatorEmail ?? call?.operator.email ?? null,
      ip: request.ip,
      action: path.replace(/\//g, '.'),
      target: note.target ?? targetOf(path, request.body),
      outcome,
      reason: note.reason?.slice(0, 1000) ?? null,
      before: note.before,
      after: note.after,
    });
  }

  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(request);
    const t = (key: string, params?: Record<string, string | number>) =>
      adminTranslate(lang, key, params);
    const send = (status: number, body: Record<string, unknown>) =>
      reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    if (error instanceof NotSignedInError) {
      return send(200, { code: ReplyCode.NotSignedIn, msg: t('admin.not_signed_in'), tologin: 1 });
    }
    const path = (request.routeOptions.config as { adminPath?: string }).adminPath ?? '';
    let key: string;
    let msg: string;
    let data: Record<string, unknown>;
    if (error instanceof AppError) {
      key = error.key;
      msg = t(error.key, error.params);
      data = { ...(error.data ?? {}), error: key };
    } else if (error.validation) {
      const v = describeValidationError(
        error.validation as unknown as Parameters<typeof describeValidationError>[0],
        request.body,
      );
      key = v.key;
      msg = t(v.key, { ...v.params, field: v.field });
      data = { field: v.field, error: v.key };
    } else if (error.statusCode === 429) {
      return send(200, {
        code: ReplyCode.Failure,
        msg: t('error.rate_limited', { seconds: 60 }),
        data: { error: 'error.rate_limited' },
      });
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, {
        code: ReplyCode.Failure,
        msg: t('error.bad_request'),
        data: { error: 'error.bad_request' },
      });
    } else {
      request.log.error({ err: error }, 'unexpected admin error');
      return send(200, {
        code: ReplyCode.Failure,
        msg: t('error.internal', { requestId: String(request.id) }),
        data: { error: 'error.internal', request_id: String(request.id) },
      });
    }
    // Every refusal of a signed-in operator is audited, reads included.
    if (request.adminCall && path && key !== 'admin.totp_required') {
      await audit(request, path, 'refused', { reason: key }).catch((e: unknown) =>
        request.log.error({ err: e }, 'audit write failed'),
      );
    }
    return send(200, { code: ReplyCode.Failure, msg, data });
  });

  for (const def of opts.actions) {
    const permission = def.permission;
    app.post(
      `/api/admin/${def.path}`,
      {
        schema: {
          tags: ['admin'],
          summary: `Admin: ${def.path}${permission ? ` (${permission})` : ''}`,
          body: Type.Object({ ...def.body.properties, lang: langField }),
        },
        config: { adminPath: def.path, numbersCheckedByRoute: true } as never,
        // Before the body is validated: a caller without a session learns to sign in.
        preValidation: async (request) => {
          if (def.open) {
            const loose = looseNumberError(request);
            if (loose) throw loose;
            return;
          }
          const token = bearerToken(request.headers.authorization);
          const resolved = token ? await operators.resolve(token) : null;
          if (!resolved) throw new NotSignedInError();
          const { operator } = resolved;
          const call: AdminCall = {
            operator: {
              id: operator.id,
              email: operator.email,
              role: operator.role,
              totp_enabled: operator.totp_enabled_at !== null,
            },
            sessionId: resolved.sessionId,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            require(p: string) {
              if (!may(operator.role, p)) throw new AppError('admin.forbidden', { permission: p });
            },
          };
          request.adminCall = call;
          if (!call.operator.totp_enabled && !def.enrolment) {
            throw new AppError('admin.totp_required');
          }
          if (permission) call.require(permission);
          // After the session and role: a stranger learns to sign in, and an operator's
          // refused number is audited like any other refusal.
          const loose = looseNumberError(request);
          if (loose) throw loose;
        },
      },
      async (request, reply) => {
        // `lang` picks the reply's language (decision 126); it is never an action's field.
        const { lang: _lang, ...body } = request.body as Record<string, unknown>;
        const { data, audit: note } = await def.run(
          body as Static<TObject>,
          request.adminCall!,
          request,
        );
        if (def.writes && !def.open) await audit(request, def.path, 'done', note ?? {});
        const lang = langOf(request);
        return reply
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ code: ReplyCode.Ok, msg: adminTranslate(lang, 'success'), data }));
      },
    );
  }
}
