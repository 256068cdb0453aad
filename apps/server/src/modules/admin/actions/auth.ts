// auth/*: sign-in (audited, success and failure), the operator's own session list,
// TOTP enrolment, password change, sign-out.
import { Type } from 'typebox';
import { AppError } from '../../../errors.ts';
import type { AdminDeps } from '../deps.ts';
import { ID } from '../../../console/list.ts';
import { permissionsOf } from '../permissions.ts';
import { action } from '../../../console/action.ts';

export function authActions(deps: AdminDeps) {
  const { operators, repo } = deps;
  return [
    action({
      path: 'auth/login',
      permission: null,
      writes: true,
      open: true,
      body: {
        email: Type.String({ minLength: 1, maxLength: 254 }),
        password: Type.String({ minLength: 1, maxLength: 128 }),
        otp: Type.Optional(Type.String({ maxLength: 10 })),
      },
      async run(body, _call, request) {
        const note = {
          ip: request.ip,
          action: 'auth.login',
          target: `operator:${body.email.trim().toLowerCase()}`.slice(0, 200),
        };
        try {
          const done = await operators.login({
            email: body.email,
            password: body.password,
            otp: body.otp,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          await repo.audit({
            ...note,
            operator_id: done.operator.id,
            operator_email: done.operator.email,
            outcome: 'done',
            reason: null,
          });
          return {
            data: {
              token: done.token,
              operator_id: done.operator_id,
              totp_enabled: done.totp_enabled,
              expires_at: done.expires_at,
            },
          };
        } catch (error) {
          if (error instanceof AppError && error.key !== 'admin.otp_required') {
            await repo.audit({
              ...note,
              operator_id: null,
              operator_email: null,
              outcome: 'refused',
              reason: error.key,
            });
          }
          throw error;
        }
      },
    }),
    action({
      path: 'auth/me',
      permission: null,
      writes: false,
      enrolment: true,
      body: {},
      async run(_body, call) {
        return {
          data: {
            operator_id: call.operator.id,
            email: call.operator.email,
            role: call.operator.role,
            totp_enabled: call.operator.totp_enabled,
            permissions: call.operator.totp_enabled ? permissionsOf(call.operator.role) : [],
          },
        };
      },
    }),
    action({
      path: 'auth/logout',
      permission: null,
      writes: false,
      enrolment: true,
      body: {},
      async run(_body, call) {
        await operators.logout(call.operator.id, call.sessionId);
        return { data: {} };
      },
    }),
    action({
      path: 'auth/totp-setup',
      permission: null,
      writes: true,
      enrolment: true,
      body: {},
      async run(_body, call) {
        const data = await operators.totpSetup(call.operator.id, call.operator.email);
        return { data, audit: { target: `operator:${call.operator.id}` } };
      },
    }),
    action({
      path: 'auth/totp-enable',
      permission: null,
      writes: true,
      enrolment: true,
      body: { otp: Type.String({ minLength: 1, maxLength: 10 }) },
      async run(body, call) {
        const data = await operators.totpEnable(call.operator.id, body.otp);
        return { data, audit: { target: `operator:${call.operator.id}` } };
      },
    }),
    action({
      path: 'auth/password',
      permission: null,
      writes: true,
      body: {
        password: Type.String({ minLength: 1, maxLength: 128 }),
        new_password: Type.String({ minLength: 10, maxLength: 128 }),
      },
      async run(body, call) {
        const data = await operators.changePassword(
          call.operator.id,
          call.sessionId,
          body.password,
          body.new_password,
        );
        return { data, audit: { target: `operator:${call.operator.id}` } };
      },
    }),
    action({
      path: 'auth/sessions/list',
      permission: null,
      writes: false,
      body: {},
      run: async (_body, call) => ({
        data: await operators.sessions(call.operator.id, call.sessionId),
      }),
    }),
    action({
      path: 'auth/sessions/end',
      permission: null,
      writes: true,
      body: { id: ID },
      async run(body, call) {
        return {
          data: await operators.endSession(call.operator.id, body.id),
          audit: { target: `session:${body.id}` },
        };
      },
    }),
  ];
}
