// Trade screens: preview, create, start/stop/settle, a robot's figures, its detail with
// the PnL chart and fills, the trade log, my robots and the leaderboard.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf, RowId } from '../../plugins/app/schemas.ts';
import { MARKET_IDS } from '@olive/market';
import { DIRECTIONS } from './robot.common.ts';
import type { RobotService } from './robot.service.ts';

const security = [{ bearer: [] }];
const ACTION_MESSAGES = {
  start: 'robot.started',
  stop: 'robot.stopped',
  settle: 'robot.settled',
} as const;
/** At most 18 digits: every such id fits BIGINT (2^63 - 1 has 19). */
const RobotId = RowId;
const MarketField = Type.Enum([...MARKET_IDS], { description: MARKET_IDS.join(', ') });
const DirectionField = Type.Enum([...DIRECTIONS], { description: 'long, short or neutral' });
/** USDT, at most 8 decimals, below 10^10 (the service checks the market's minimum). */
const Principal = Type.String({
  minLength: 1,
  maxLength: 19,
  pattern: '^(0|[1-9]\\d{0,9})(\\.\\d{1,8})?$',
  description: 'USDT, e.g. "100" or "250.5"',
});
/** A price in USDT (the range's ends): at most 8 decimals, below 10^10. */
const PriceField = Type.String({
  minLength: 1,
  maxLength: 19,
  pattern: '^(0|[1-9]\\d{0,9})(\\.\\d{1,8})?$',
});
/** The investor's own setting, all three or none (checked by the service). */
const CustomGrid = {
  range_low: Type.Optional(PriceField),
  range_high: Type.Optional(PriceField),
  grids: Type.Optional(Type.Integer({ minimum: 2, maximum: 100 })),
};
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 }));
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));

export const Robot = Type.Object({
  robot_id: Type.String(),
  name: Type.String(),
  market: Type.String(),
  direction: Type.String(),
  status: Type.String({ description: 'not_started, running or ended' }),
  disabled: Type.Boolean(),
  principal: Type.String(),
  current_principal: Type.String({ description: 'robot_principal in the ledger' }),
  current_earnings: Type.String({ description: 'realised unsettled + unrealised' }),
  realised: Type.String(),
  unrealised: Type.String(),
  settled_total: Type.String({ description: 'paid to the balance, after performance fees' }),
  fees: Type.String({ description: 'trading fees paid' }),
  cumulative_earnings: Type.String({ description: 'realised + unrealised - performance fees' }),
  cumulative_yield_rate: Type.String(),
  profit_count: Type.Integer(),
  trade_count: Type.Integer(),
  expected_daily_yield: Type.String({ description: 'an estimate, not a promise' }),
  range_low: Type.String(),
  range_high: Type.String(),
  grids: Type.Integer(),
  grid_profit: Type.String({ description: 'PnL of completed buy-sell pairs, after fees' }),
  floating_pnl: Type.String({ description: 'the open inventory marked at the price' }),
  annualised_return: Type.String({
    description:
      'cumulative yield / days run x 365, not compounded (a fraction; 0 in the first hour)',
  }),
  trades_per_day: Type.String(),
  orders: Type.Array(
    Type.Object({
      side: Type.String({ description: 'buy or sell' }),
      price: Type.String(),
      amount: Type.String({ description: 'base coin' }),
    }),
    { description: "the grid's resting limit orders (running robots)" },
  ),
  started_at: Type.String(),
  ended_at: Type.String(),
  duration_seconds: Type.Integer(),
  created_at: Type.String(),
});

const Trade = Type.Object({
  id: Type.String(),
  side: Type.String(),
  price: Type.String(),
  quantity: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  pnl: Type.String(),
  created_at: Type.String(),
});

const LogRecord = Type.Object({
  id: Type.String(),
  robot_id: Type.String(),
  market: Type.String(),
  kind: Type.String({ description: 'buy, sell, settle or stop' }),
  price: Type.String(),
  quantity: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  pnl: Type.String(),
  created_at: Type.String(),
});

const RobotDetail = {
  robot: Robot,
  pnl_series: Type.Array(Type.Object({ t: Type.String(), pnl: Type.String() })),
  trades: Type.Array(Trade),
};

const LogPage = Type.Object({
  list: Type.Array(LogRecord),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});

export const robotRoutes: FastifyPluginAsyncTypebox<{
  robots: RobotService;
  perMinute: number;
}> = async (app, { robots, perMinute }) => {
  const limit = (times: number) => ({
    rateLimit: { max: perMinute * times, timeWindow: '1 minute' },
  });

  app.post(
    '/api/user/quanpreview',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary:
          "Create screen: the range and grids (walk-forward choice or the investor's own) and the held-out estimate",
        security,
        body: callBody({
          market: MarketField,
          direction: DirectionField,
          principal: Principal,
          ...CustomGrid,
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              market: Type.String(),
              direction: Type.String(),
              range_low: Type.String(),
              range_high: Type.String(),
              grids: Type.Integer(),
              step: Type.String(),
              expected_daily_yield: Type.String({
                description: 'median daily return on the held-out newest days: an estimate',
              }),
              out_of_sample_days: Type.Integer({
                description: 'held-out days the estimate covers (0: not enough history)',
              }),
              positive: Type.Boolean({ description: 'the held-out estimate is above zero' }),
              estimate: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { range_low, range_high, grids, ...rest } = request.body;
      return request.ok(
        await robots.preview({ ...rest, custom: { range_low, range_high, grids } }),
      );
    },
  );

  app.post(
    '/api/user/quancreate',
    {
      config: { auth: true, ...limit(3) },
      schema: {
        tags: ['robots'],
        summary: 'Create a robot: the principal moves from the balance into it (not started)',
        security,
        body: callBody({
          market: MarketField,
          principal: Principal,
          direction: DirectionField,
          ...CustomGrid,
        }),
        response: { 200: envelopeOf(Type.Object({ robot_id: Type.String() })) },
      },
    },
    async (request) => {
      const { range_low, range_high, grids, ...rest } = request.body;
      return request.ok(
        await robots.create(request.caller!.userId, {
          ...rest,
          custom: { range_low, range_high, grids },
        }),
        'robot.created',
      );
    },
  );

  app.post(
    '/api/user/openquan',
    {
      config: { auth: true, ...limit(3) },
      schema: {
        tags: ['robots'],
        summary: 'Start, stop (close at market, everything back to the balance) or settle a robot',
        security,
        body: callBody({
          robot_id: RobotId,
          action: Type.Union([Type.Literal('start'), Type.Literal('stop'), Type.Literal('settle')]),
        }),
        response: { 200: envelopeOf(Robot) },
      },
    },
    async (request) => {
      const { robot_id, action } = request.body;
      return request.ok(
        await robots.act(request.caller!.userId, robot_id, action, request.t),
        ACTION_MESSAGES[action],
      );
    },
  );

  app.post(
    '/api/user/quaninfo',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary: "A robot's figures, each from the ledger or its own fills",
        security,
        body: callBody({ robot_id: RobotId }),
        response: { 200: envelopeOf(Robot) },
      },
    },
    async (request) =>
      request.ok(await robots.info(request.caller!.userId, request.body.robot_id, request.t)),
  );

  app.post(
    '/api/user/quandetail',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary: 'A robot with its PnL chart (snapshots) and its last 50 fills',
        security,
        body: callBody({ robot_id: RobotId }),
        response: {
          200: envelopeOf(Type.Object(RobotDetail)),
        },
      },
    },
    async (request) =>
      request.ok(await robots.detail(request.caller!.userId, request.body.robot_id, request.t)),
  );

  app.post(
    '/api/user/quanlog',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary: 'Every fill, settlement and stop of my robots (or of one), newest first',
        security,
        body: callBody({ robot_id: Type.Optional(RobotId), page: Page, limit: Limit }),
        response: { 200: envelopeOf(LogPage) },
      },
    },
    async (request) => {
      const { robot_id, page = 1, limit: size = 20 } = request.body;
      return request.ok(
        await robots.log(request.caller!.userId, {
          page,
          limit: size,
          ...(robot_id ? { robotId: robot_id } : {}),
        }),
      );
    },
  );

  app.post(
    '/api/user/quanmy',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary: 'My robots, newest first, optionally of one status',
        security,
        body: callBody({
          page: Page,
          limit: Limit,
          status: Type.Optional(
            Type.Union([
              Type.Literal(''),
              Type.Literal('not_started'),
              Type.Literal('running'),
              Type.Literal('ended'),
            ]),
          ),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              list: Type.Array(Robot),
              page: Type.Integer(),
              limit: Type.Integer(),
              total: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { page = 1, limit: size = 20, status } = request.body;
      return request.ok(
        await robots.mine(
          request.caller!.userId,
          { page, limit: size, ...(status ? { status } : {}) },
          request.t,
        ),
      );
    },
  );

  app.post(
    '/api/user/quanrank',
    {
      schema: {
        tags: ['robots'],
        summary: 'Leaderboard: the top 50 robots by return over 7 or 30 days (public)',
        body: callBody({
          period: Type.Optional(Type.Union([Type.Literal('7d'), Type.Literal('30d')])),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              period: Type.String(),
              list: Type.Array(
                Type.Object({
                  rank: Type.Integer(),
                  robot_id: Type.String(),
                  nickname: Type.String(),
                  demo: Type.Boolean({ description: 'A seeded demo investor, not a customer' }),
                  market: Type.String(),
                  direction: Type.String(),
                  return_rate: Type.String(),
                  runtime_seconds: Type.Integer(),
                  principal: Type.String(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => request.ok(await robots.rank(request.body.period ?? '7d')),
  );

  app.post(
    '/api/main/quandemo',
    {
      schema: {
        tags: ['robots'],
        summary:
          "A demo investor's robot, read-only and public: its detail and first page of trades",
        body: callBody({ robot_id: RobotId }),
        response: { 200: envelopeOf(Type.Object({ ...RobotDetail, log: LogPage })) },
      },
    },
    async (request) => request.ok(await robots.demo(request.body.robot_id, request.t)),
  );
};
