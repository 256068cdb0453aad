// The console's wallet calls (docs/admin-api.md): deposits, withdrawals with review and
// four-eyes, the withdrawal policy and the networks. The admin module serves them.
import { AmountField, CountField } from '@olive/protocol';
import { Type } from 'typebox';
import { action } from '../../console/action.ts';
import { showDemo, withDemo, type DemoAmong } from '../../console/demo.ts';
import { ID, listAction, showAction, Singleton } from '../../console/list.ts';
import { CONFIRMATIONS, type WalletOperations } from './operations.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
const Amount = AmountField();

export function walletAdminActions(deps: {
  wallet: WalletOperations;
  withdrawals: WithdrawalService;
  /** The users module's demo mark. */
  users: DemoAmong;
}) {
  const { wallet, withdrawals, users } = deps;
  return [
    // Deposits
    listAction(
      'deposits',
      {
        sortable: ['id', 'created_at', 'amount'],
        filters: {
          network: NETWORKS,
          status: ['pending', 'credited', 'below_minimum', 'orphaned'],
          user_id: 'id',
        },
      },
      withDemo(users, (query) => wallet.deposits(query)),
    ),
    showAction('deposits', async (id) => showDemo(users, await wallet.deposit(id))),

    // Withdrawals
    listAction(
      'withdrawals',
      {
        sortable: ['id', 'created_at', 'amount'],
        filters: {
          network: NETWORKS,
          status: ['pending_review', 'approved', 'broadcast', 'confirmed', 'rejected', 'failed'],
          user_id: 'id',
          awaiting: ['first', 'second'],
        },
      },
      withDemo(users, (query) => wallet.withdrawals(query)),
    ),
    showAction('withdrawals', async (id) => showDemo(users, await wallet.withdrawal(id))),
    action({
      path: 'withdrawals/approve',
      permission: 'withdrawals.approve',
      writes: true,
      body: { id: ID },
      async run(body, call) {
        const { before, after } = await wallet.approve(body.id, call.operator.email);
        return { data: after, audit: { target: `withdrawal:${body.id}`, before, after } };
      },
    }),
    action({
      path: 'withdrawals/reject',
      permission: 'withdrawals.reject',
      writes: true,
      body: { id: ID, reason: Type.String({ maxLength: 500 }) },
      async run(body, call) {
        const { before, after } = await wallet.reject(body.id, call.operator.email, body.reason);
        return {
          data: after,
          audit: { target: `withdrawal:${body.id}`, before, after, reason: body.reason },
        };
      },
    }),
    action({
      path: 'withdrawal-policy/show',
      permission: 'withdrawal-policy.show',
      writes: false,
      body: Singleton,
      run: async () => ({ data: { id: 'withdrawal-policy', ...(await withdrawals.policy()) } }),
    }),
    action({
      path: 'withdrawal-policy/update',
      permission: 'withdrawal-policy.update',
      writes: true,
      body: {
        ...Singleton,
        auto_approve_max: Type.Optional(Amount),
        four_eyes_min: Type.Optional(Amount),
      },
      async run(body) {
        const before = await withdrawals.policy();
        const after = await withdrawals.setPolicy(body);
        return {
          data: { id: 'withdrawal-policy', ...after },
          audit: { target: 'settings:withdrawal-policy', before, after },
        };
      },
    }),

    // Networks
    listAction('networks', { sortable: ['id'] }, () => wallet.networks()),
    action({
      path: 'networks/show',
      permission: 'networks.show',
      writes: false,
      body: { id: Type.Union(NETWORKS.map((n) => Type.Literal(n))) },
      run: async (body) => ({ data: await wallet.network(body.id) }),
    }),
    action({
      path: 'networks/update',
      permission: 'networks.update',
      writes: true,
      body: {
        id: Type.Union(NETWORKS.map((n) => Type.Literal(n))),
        confirmations: Type.Optional(CountField(CONFIRMATIONS)),
        min_deposit: Type.Optional(Amount),
        min_withdrawal: Type.Optional(Amount),
        withdrawal_fee: Type.Optional(Amount),
        daily_withdrawal_limit: Type.Optional(Amount),
        deposit_enabled: Type.Optional(Type.Boolean()),
        withdraw_enabled: Type.Optional(Type.Boolean()),
      },
      async run(body) {
        const { id, ...change } = body;
        const { before, after } = await wallet.setNetwork(id, change);
        return { data: after, audit: { target: `network:${id}`, before, after } };
      },
    }),
  ];
}
