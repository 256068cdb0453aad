// Fund Details (`/api/user/usdtlog`): every change of the caller's balance with the
// balance after it, so any figure on a screen can be traced to its entries. An entry is
// immutable, but what it records moves on: a withdrawal's freeze is described by the
// withdrawal's state now (issue 18), read through `referenceStates` (the wallet's).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UsdtLogData, UsdtLogRequest, formatAmount } from '@olive/protocol';
import { fieldError } from '../../errors.ts';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import { entryDescriptionKey, isEntryKind } from './kinds.ts';
import type { LedgerService } from './ledger.service.ts';

/** The current state of what entries refer to ("withdrawal:12" → "confirmed"). */
export type ReferenceStates = (
  userId: string,
  references: string[],
) => Promise<Map<string, string>>;

export const ledgerRoutes: FastifyPluginAsyncTypebox<{
  ledger: LedgerService;
  referenceStates?: ReferenceStates;
}> = async (app, { ledger, referenceStates }) => {
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
      const { page = 1, limit = 20, kind } = request.body;
      if (kind && !isEntryKind(kind)) throw fieldError('kind');
      const { records, total } = await ledger.fundLog(request.caller!.userId, {
        page,
        limit,
        ...(kind && isEntryKind(kind) ? { kind } : {}),
      });
      const references = records.flatMap((r) => (r.reference ? [r.reference] : []));
      const states =
        referenceStates && references.length > 0
          ? await referenceStates(request.caller!.userId, references)
          : new Map<string, string>();
      const describe = (kind: string, state: string | undefined) =>
        state && kind === 'withdrawal_freeze'
          ? request.t(`ledger.withdrawal_state.${state}`)
          : request.t(entryDescriptionKey(kind));
      return request.ok({
        list: records.map((r) => ({
          id: r.id,
          kind: r.kind,
          amount: formatAmount(r.amount),
          balance_after: formatAmount(r.balanceAfter),
          created_at: r.createdAt.toISOString(),
          memo: r.memo,
          description: describe(r.kind, r.reference ? states.get(r.reference) : undefined),
          ...(r.reference && states.has(r.reference) ? { state: states.get(r.reference)! } : {}),
        })),
        page,
        limit,
        total,
      });
    },
  );
};
