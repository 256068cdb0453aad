// Fund Details (`/api/user/usdtlog`): every change of the caller's balance with the
// balance after it, so any figure on a screen can be traced to its entries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UsdtLogData, UsdtLogRequest, formatAmount } from '@olive/protocol';
import { fieldError } from '../../errors.ts';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import { entryDescriptionKey, isEntryKind } from './kinds.ts';
import type { LedgerService } from './ledger.service.ts';

export const ledgerRoutes: FastifyPluginAsyncTypebox<{ ledger: LedgerService }> = async (
  app,
  { ledger },
) => {
  app.post(
    '/api/user/usdtlog',
    {
      config: { auth: true },
      schema: {
        tags: ['ledger'],
        summary: 'Fund Details: changes of the balance, newest first, optionally of one kind',
        security: [{ bearer: [] }],
        body: UsdtLogRequest,
        response: { 200: envelopeOf(UsdtLogData) },
      },
    },
    async (request) => {
      const { page: pageText, limit: limitText, kind } = request.body;
      if (kind && !isEntryKind(kind)) throw fieldError('kind');
      const page = Number(pageText ?? 1);
      const limit = Number(limitText ?? 20);
      const { records, total } = await ledger.fundLog(request.caller!.userId, {
        page,
        limit,
        ...(kind && isEntryKind(kind) ? { kind } : {}),
      });
      return request.ok({
        list: records.map((r) => ({
          id: r.id,
          kind: r.kind,
          amount: formatAmount(r.amount),
          balance_after: formatAmount(r.balanceAfter),
          created_at: r.createdAt.toISOString(),
          memo: r.memo,
          description: request.t(entryDescriptionKey(r.kind)),
        })),
        page,
        limit,
        total,
      });
    },
  );
};
