// Session calls. Sign-in and registration arrive with the accounts module; logout ends
// the calling session only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import type { SessionService } from './session.service.ts';

export const authRoutes: FastifyPluginAsyncTypebox<{ sessions: SessionService }> = async (
  app,
  { sessions },
) => {
  app.post(
    '/api/user/logout',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: 'End the calling session',
        security: [{ bearer: [] }],
        body: callBody({}),
        response: { 200: envelopeOf(Type.Object({})) },
      },
    },
    async (request) => {
      await sessions.revoke(request.caller!.sessionId);
      return request.ok({}, 'auth.logged_out');
    },
  );
};
