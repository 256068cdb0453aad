// deposits, withdrawals (review, four-eyes), withdrawal policy, networks, markets,
// robots and their fees, mining models and rentals, team rates.
import { AmountField, CountField } from '@olive/protocol';
import { Type } from 'typebox';
import { numberError } from '../../../errors.ts';
import { MAX_RENTAL_DAYS } from '../../mining/mining.service.ts';
import { TEAM_RATE_REGEX, teamRateRefusal } from '../../team/team.service.ts';
import { CONFIRMATIONS } from '../../wallet/operations.service.ts';
import type { AdminDeps } from '../deps.ts';
import { showDemo, withDemo } from '../demo.ts';
import { ID, listAction, listBody, showAction } from '../list.ts';
import { action } from '../routes.ts';

const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
const Amount = AmountField();
const Singleton = { id: Type.Optional(Type.String({ maxLength: 40 })) };
const MARKETS = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'TRX/USDT'] as const;

const modelFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  algorithm: Type.Optional(Type.String({ maxLength: 40 })),
  hash_rate_ths: Type.Optional(Amount),
  power_w: Type.Optional(CountField({ min: 0, max: 1_000_000 })),
  price_per_day: Type.Optional(Amount),
  electricity_per_day: Type.Optional(Amount),
  margin_rate: Type.Optional(AmountField({ description: 'a rate from 0 to 1, e.g. "0.2"' })),
  min_days: Type.Optional(CountField({ min: 1, max: MAX_RENTAL_DAYS })),
  stock: Type.Optional(CountField({ min: 0, max: 100_000_000 })),
  enabled: Type.Optional(Type.Boolean()),
};

export function operationActions(deps: AdminDeps) {
  const { wallet, withdrawals, robots, mining, team, users } = deps;
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

    // Markets, robots, robot settings
    listAction('markets', { sortable: ['id'] }, () => robots.markets()),
    action({
      path: 'markets/update',
      permission: 'markets.update',
      writes: true,
      body: { id: Type.Union(MARKETS.map((m) => Type.Literal(m))), enabled: Type.Boolean() },
      async run(body) {
        const { before, after } = await robots.setMarketEnabled(body.id, body.enabled);
        const data = (await robots.markets()).list.find((m) => m.id === body.id);
        return { data, audit: { target: `market:${body.id}`, before, after } };
      },
    }),
    listAction(
      'robots',
      {
        sortable: ['id', 'principal'],
        filters: {
          user_id: 'id',
          market: MARKETS,
          status: ['not_started', 'waiting', 'running', 'ended'],
          disabled: 'bool',
        },
      },
      withDemo(users, (query) => robots.list(query)),
    ),
    showAction('robots', async (id) => showDemo(users, await robots.show(id))),
    ...([true, false] as const).map((disabled) =>
      action({
        path: disabled ? 'robots/disable' : 'robots/enable',
        permission: disabled ? 'robots.disable' : 'robots.enable',
        writes: true,
        body: { id: ID },
        async run(body) {
          const { before, after } = await robots.setDisabled(body.id, disabled);
          return { data: after, audit: { target: `robot:${body.id}`, before, after } };
        },
      }),
    ),
    action({
      path: 'robot-settings/show',
      permission: 'robot-settings.show',
      writes: false,
      body: Singleton,
      run: async () => ({ data: { id: 'robot-settings', ...(await robots.fees()) } }),
    }),
    action({
      path: 'robot-settings/update',
      permission: 'robot-settings.update',
      writes: true,
      body: {
        ...Singleton,
        performance_fee: Type.Optional(AmountField({ description: 'a rate from 0 to 1' })),
        maker_fee: Type.Optional(AmountField({ description: 'a rate from 0 to 0.01' })),
      },
      async run(body) {
        const { before, after } = await robots.setFees(body);
        return {
          data: { id: 'robot-settings', ...after },
          audit: { target: 'settings:robot-settings', before, after },
        };
      },
    }),

    // Mining
    listAction('mining-models', { sortable: ['id'] }, () => mining.models()),
    showAction('mining-models', (id) => mining.show(id)),
    action({
      path: 'mining-models/create',
      permission: 'mining-models.create',
      writes: true,
      body: modelFields,
      async run(body) {
        const after = await mining.create(body);
        return { data: after, audit: { target: `mining-model:${after.id}`, after } };
      },
    }),
    action({
      path: 'mining-models/update',
      permission: 'mining-models.update',
      writes: true,
      body: { id: ID, ...modelFields },
      async run(body) {
        const { id, ...change } = body;
        const { before, after } = await mining.update(id, change);
        return { data: after, audit: { target: `mining-model:${id}`, before, after } };
      },
    }),
    listAction(
      'rentals',
      {
        sortable: ['id'],
        filters: { user_id: 'id', status: ['active', 'expired'], model_id: 'id' },
      },
      withDemo(users, (query) => mining.rentals(query)),
    ),

    // Team rates
    action({
      path: 'team-rates/list',
      permission: 'team-rates.list',
      writes: false,
      body: listBody,
      async run() {
        const rates = await team.rates();
        const list = rates.map((rate, i) => ({
          id: String(i + 1),
          level: i + 1,
          rate: String(rate),
        }));
        return { data: { list, total: list.length, page: 1, limit: 100 } };
      },
    }),
    action({
      path: 'team-rates/set',
      permission: 'team-rates.set',
      writes: true,
      body: {
        levels: Type.Array(Type.String({ pattern: TEAM_RATE_REGEX }), {
          minItems: 1,
          maxItems: 3,
        }),
      },
      async run(body) {
        const before = await team.rates();
        for (const level of body.levels) {
          const refusal = teamRateRefusal(level);
          if (refusal) throw numberError('levels', 'amount', refusal);
        }
        const after = await team.setRates(body.levels.map(Number));
        const list = after.map((rate, i) => ({
          id: String(i + 1),
          level: i + 1,
          rate: String(rate),
        }));
        return {
          data: { list, total: list.length },
          audit: { target: 'settings:team-rates', before, after },
        };
      },
    }),
  ];
}
