// Support calls under /api/main: the app update check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UpdateData, UpdateRequest } from '@olive/protocol';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import type { updateService } from './update.service.ts';

export const supportRoutes: FastifyPluginAsyncTypebox<{
  updates: ReturnType<typeof updateService>;
}> = async (app, { updates }) => {
  app.post(
    '/api/main/update',
    {
      schema: {
        tags: ['support'],
        summary: 'App update check: "" up to date, "1" optional update, "0" forced update',
        body: UpdateRequest,
        response: { 200: envelopeOf(UpdateData) },
      },
    },
    async (request) => request.ok(await updates.check(request.body.version)),
  );
};
