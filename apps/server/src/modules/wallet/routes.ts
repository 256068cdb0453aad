// Wallet calls: the Top Up screen (`invest`) and, on the local devchain only, the
// "send me test USDT" button.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AmountField, callBody, LimitField, PageField } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import { perMinuteLimit } from '../../plugins/external/rate-limit.ts';
import type { DepositService } from './deposit.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { NETWORKS } from './networks.ts';

const NetworkField = Type.Union(NETWORKS.map((n) => Type.Literal(n)));
const security = [{ bearer: [] }];

export const walletRoutes: FastifyPluginAsyncTypebox<{
  deposits: DepositService;
  withdrawals: WithdrawalService;
  /** Per-IP ceiling per minute of the money-moving calls (AUTH_RATE_LIMIT_PER_MINUTE). */
  perMinute: number;
}> = async (app, { deposits, withdrawals, perMinute }) => {
  const limit = perMinuteLimit(perMinute);
  const Withdrawal = Type.Object({
    withdrawal_id: Type.String(),
    network: Type.String(),
    address: Type.String(),
    amount: Type.String(),
    fee: Type.String(),
    receive_amount: Type.String(),
    status: Type.String(),
    tx_hash: Type.String(),
    confirmations: Type.Integer(),
    reason: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
  });

  app.post(
    '/api/user/setaddress',
    {
      config: { auth: true, ...limit(1) },
      schema: {
        tags: ['wallet'],
        summary: 'Save the withdrawal address of a network (once; only an operator can reset it)',
        security,
        body: callBody({
          network: NetworkField,
          address: Type.String({ minLength: 1, maxLength: 64 }),
          fund_password: Type.String({ minLength: 1, maxLength: 6 }),
          otp: Type.Optional(Type.String({ maxLength: 16 })),
        }),
        response: {
          200: envelopeOf(Type.Object({ network: Type.String(), address: Type.String() })),
        },
      },
    },
    async (request) => {
      const { network, address, fund_password, otp } = request.body;
      return request.ok(
        await withdrawals.setAddress(request.caller!.userId, network, address, fund_password, otp),
        'withdraw.address_saved',
      );
    },
  );

  app.post(
    '/api/user/drawinfo',
    {
      config: { auth: true },
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw screen: saved address, balance, fee, minimum, daily limit and any lock',
        security,
        body: callBody({ network: NetworkField }),
      },
    },
    async (request) =>
      request.ok(await withdrawals.drawInfo(request.caller!.userId, request.body.network)),
  );

  app.post(
    '/api/user/withdraw',
    {
      config: { auth: true, ...limit(2) },
      schema: {
        tags: ['wallet'],
        summary:
          'Withdraw: the amount leaves the balance at once (amount - fee frozen, the fee collected and refunded on rejection or failure); the address receives amount - fee',
        security,
        body: callBody({
          network: NetworkField,
          amount: AmountField(),
          fund_password: Type.String({ minLength: 1, maxLength: 6 }),
          request_id: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
          otp: Type.Optional(Type.String({ maxLength: 16 })),
        }),
        response: { 200: envelopeOf(Withdrawal) },
      },
    },
    async (request) =>
      request.ok(
        await withdrawals.request(request.caller!.userId, request.body),
        'withdraw.submitted',
      ),
  );

  app.post(
    '/api/user/withdrawlist',
    {
      config: { auth: true },
      schema: {
        tags: ['wallet'],
        summary: 'My withdrawals with their states and transaction hashes',
        security,
        body: callBody({ page: PageField, limit: LimitField }),
      },
    },
    async (request) =>
      request.ok(
        await withdrawals.list(
          request.caller!.userId,
          request.body.page ?? 1,
          request.body.limit ?? 20,
        ),
      ),
  );

  app.post(
    '/api/user/invest',
    {
      config: { auth: true },
      schema: {
        tags: ['wallet'],
        summary:
          'Top Up: the deposit address of a network, its minimum and confirmations, and deposits',
        security,
        body: callBody({ network: NetworkField }),
      },
    },
    async (request) =>
      request.ok(await deposits.invest(request.caller!.userId, request.body.network)),
  );

  app.post(
    '/api/user/devfaucet',
    {
      config: { auth: true, ...limit(1) },
      schema: {
        tags: ['wallet'],
        summary: 'Demo only: send 100 test USDT on the local devchain to the deposit address',
        security,
        body: callBody({ network: NetworkField }),
        response: {
          200: envelopeOf(Type.Object({ tx_hash: Type.String(), amount: Type.String() })),
        },
      },
    },
    async (request) => {
      const sent = await deposits.sendTestUsdt(request.caller!.userId, request.body.network);
      return request.ok({ tx_hash: sent.txHash, amount: sent.amount }, 'wallet.faucet_sent');
    },
  );
};
