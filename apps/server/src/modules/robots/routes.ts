// Trade screens: preview, create, start/stop/settle, a robot's figures, its detail with
// the PnL chart and fills, the trade log, my robots and the leaderboard.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AmountField, callBody, CountField, LimitField, PageField } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf, RowId } from '../../plugins/app/schemas.ts';
import { perMinuteLimit } from '../../plugins/external/rate-limit.ts';
import { MARKET_IDS } from '@olive/market';
import { DIRECTIONS } from './robot.common.ts';
import type { ExitInput } from './robot.exits.ts';
import type { RobotService } from './robot.service.ts';

const security = [{ bearer: [] }];
const ACTION_MESSAGES = {
  start: 'robot.started',
  stop: 'robot.stopped',
  settle: 'robot.settled',
  publish: 'robot.published',
  unpublish: 'robot.unpublished',
  edit: 'robot.edited',
} as const;
/** The profit shares a leader may ask (per cent); checked again by the service. */
const ShareField = Type.Union(
  [Type.Literal('0'), Type.Literal('10'), Type.Literal('20'), Type.Literal('30')],
  { description: "per cent of copiers' profit above their high-water mark: 0, 10, 20 or 30" },
);
/** At most 18 digits: every such id fits BIGINT (2^63 - 1 has 19). */
const RobotId = RowId;
const MarketField = Type.Enum([...MARKET_IDS], { description: MARKET_IDS.join(', ') });
const DirectionField = Type.Enum([...DIRECTIONS], { description: 'long, short or neutral' });
/** USDT, at most 8 decimals, below 10^10 (the service checks the market's minimum). */
const Principal = AmountField({ description: 'USDT, e.g. "100" or "250.5"' });
/** A price in USDT (the range's ends): at most 8 decimals, below 10^10. */
const PriceField = AmountField({ description: 'a price in USDT, e.g. "0.25"' });
/** The investor's own setting, all three or none (checked by the service). */
const CustomGrid = {
  range_low: Type.Optional(PriceField),
  range_high: Type.Optional(PriceField),
  grids: Type.Optional(CountField({ min: 2, max: 100 })),
};
/** A percentage ("10" = 10%), at most 2 decimals (checked by the service). */
const PctField = (description: string) => AmountField({ description });
const Flag = (description: string) => CountField({ min: 0, max: 1, description });
/**
 * Risk exits (decision 148), each optional; 0 is "not set" (on edit: clear it). Prices in
 * USDT; a take-profit above the price and a stop-loss below it (the other way round for a
 * short robot); trailing limits outside the range.
 */
const ExitFields = {
  take_profit_price: Type.Optional(
    AmountField({ description: 'end at market when the price reaches it (long, neutral: above)' }),
  ),
  stop_loss_price: Type.Optional(
    AmountField({ description: 'end at market when the price reaches it (long, neutral: below)' }),
  ),
  take_profit_pct: Type.Optional(
    PctField('end at market when the total return reaches this per cent (up to 1000)'),
  ),
  stop_loss_pct: Type.Optional(
    PctField('end at market when the total return falls to minus this per cent (below 100)'),
  ),
  trigger_price: Type.Optional(
    AmountField({
      description: 'after start, wait (status waiting) until the price reaches it, then open',
    }),
  ),
  trailing_up: Type.Optional(Flag('1: the grid moves up a level when the price leaves its top')),
  trailing_down: Type.Optional(
    Flag('1: the grid moves down a level when the price leaves its bottom'),
  ),
  trailing_limit_high: Type.Optional(
    AmountField({ description: 'the highest top trailing up may reach (above the range)' }),
  ),
  trailing_limit_low: Type.Optional(
    AmountField({ description: 'the lowest bottom trailing down may reach (below the range)' }),
  ),
};
/** Splits a body into the robot's own fields and its exit fields. */
function exitsIn<T extends Record<string, unknown>>(body: T) {
  const exits: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key in ExitFields) exits[key] = value;
    else rest[key] = value;
  }
  return { exits: exits as ExitInput, rest };
}
const ExitsBacktest = Type.Object(
  {
    held_out_return: Type.String({
      description: 'total return over the held-out days, exits applied, closed at the end',
    }),
    end_reason: Type.String({ description: 'the exit reached, or "" if none was' }),
    started_at: Type.String({ description: 'when the trigger was reached ("" never)' }),
    ended_at: Type.String({ description: 'when the exit was reached ("" never)' }),
    trailing_shifts: Type.Integer(),
  },
  { description: 'the setting with its exits replayed on the held-out days (when any is set)' },
);

/** Levels by equal differences or equal ratios (decision 146); geometric when absent. */
const GridTypeField = Type.Optional(
  Type.Union([Type.Literal(''), Type.Literal('arithmetic'), Type.Literal('geometric')], {
    description: 'arithmetic (equal price differences) or geometric (equal ratios, the default)',
  }),
);
const Page = PageField;
const Limit = LimitField;

export const Robot = Type.Object({
  robot_id: Type.String(),
  name: Type.String(),
  market: Type.String(),
  direction: Type.String(),
  status: Type.String({ description: 'not_started, waiting (for its trigger), running or ended' }),
  disabled: Type.Boolean(),
  principal: Type.String(),
  current_principal: Type.String({ description: 'robot_principal in the ledger' }),
  current_earnings: Type.String({ description: 'realised unsettled + unrealised' }),
  realised: Type.String(),
  unrealised: Type.String(),
  settled_total: Type.String({ description: 'paid to the balance, after performance fees' }),
  settleable: Type.String({
    description:
      'what Settle would pay now, before the performance fee: the realised profit not yet settled (0: nothing to settle, the button is off)',
  }),
  fees: Type.String({ description: 'trading fees paid' }),
  cumulative_earnings: Type.String({ description: 'realised + unrealised - performance fees' }),
  cumulative_yield_rate: Type.String(),
  profit_count: Type.Integer(),
  trade_count: Type.Integer(),
  expected_daily_yield: Type.String({ description: 'an estimate, not a promise' }),
  range_low: Type.String(),
  range_high: Type.String(),
  grids: Type.Integer(),
  grid_type: Type.String({ description: 'arithmetic or geometric' }),
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
  take_profit_price: Type.String({ description: '"" when not set' }),
  stop_loss_price: Type.String(),
  take_profit_pct: Type.String({ description: 'per cent' }),
  stop_loss_pct: Type.String({ description: 'per cent' }),
  trigger_price: Type.String(),
  trailing_up: Type.Integer({ description: '0 or 1' }),
  trailing_down: Type.Integer({ description: '0 or 1' }),
  trailing_limit_high: Type.String(),
  trailing_limit_low: Type.String(),
  end_reason: Type.String({
    description:
      '"" while not ended; stopped, take_profit_price, stop_loss_price, take_profit_pct or stop_loss_pct',
  }),
  // Track record and copy trading (issue 32, decisions 150 and 151).
  roi_7d: Type.String({
    description: 'change of cumulative earnings over 7 days (or since start) / principal',
  }),
  roi_30d: Type.String(),
  roi_90d: Type.String(),
  max_drawdown: Type.String({
    description:
      'deepest fall of principal + cumulative earnings from its peak, a positive fraction',
  }),
  sharpe: Type.String({
    description: 'mean / standard deviation of daily returns x sqrt(365); "" before 2 full days',
  }),
  round_trips: Type.Integer(),
  buy_and_hold_return: Type.String({ description: "the coin's change over the robot's life" }),
  public: Type.Boolean({ description: 'on the leaderboard and copyable' }),
  profit_share_pct: Type.Integer({ description: 'what its copiers pay (0, 10, 20 or 30)' }),
  copiers: Type.Integer({ description: 'its copies not ended' }),
  shares_earned: Type.String({ description: 'profit shares its copies paid the owner' }),
  copied_from: Type.String({ description: 'the robot this one copies ("" if none)' }),
  copy_share_pct: Type.Integer({ description: 'the share this copy pays its leader' }),
  shares_paid: Type.String({ description: 'profit shares this copy paid its leader' }),
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
  const limit = perMinuteLimit(perMinute);

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
          ...ExitFields,
          grid_type: GridTypeField,
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              market: Type.String(),
              direction: Type.String(),
              grid_type: Type.String(),
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
              positive: Type.Boolean({
                description: 'the held-out total return is above zero (false: said plainly)',
              }),
              held_out_return: Type.String({
                description:
                  'total return of a fresh robot over the held-out days: fees paid, the open inventory marked at the end',
              }),
              held_out_drawdown: Type.String({
                description: 'largest fall of its marked equity from a peak on those days',
              }),
              round_trips_per_day: Type.String({ description: 'completed round trips a day then' }),
              buy_and_hold_return: Type.String({
                description:
                  'holding the coin over the same days instead (bought with the taker fee)',
              }),
              estimate: Type.Boolean(),
              exits_backtest: Type.Optional(ExitsBacktest),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { exits, rest } = exitsIn(request.body);
      const { range_low, range_high, grids, ...own } = rest as typeof request.body;
      return request.ok(
        await robots.preview({ ...own, custom: { range_low, range_high, grids }, exits }),
      );
    },
  );

  app.post(
    '/api/user/quanlimits',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary:
          'Create screen: the allowed range of every setting for a market and principal, before anything is typed',
        security,
        body: callBody({
          market: MarketField,
          principal: Type.Optional(
            Type.Union([Type.Literal(''), Principal], {
              description: "the investor's principal; default the market's minimum",
            }),
          ),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              market: Type.String(),
              principal: Type.String({ description: 'the principal the limits are for' }),
              principal_min: Type.String(),
              price: Type.String({ description: 'the current price the range limits follow' }),
              grids_min: Type.Integer(),
              grids_max: Type.Integer({
                description: 'most grids this principal funds, every order above min_order',
              }),
              range_low_min: Type.String({ description: 'a fifth of the price' }),
              range_high_max: Type.String({ description: 'five times the price' }),
              step_min_pct: Type.String({
                description: 'smallest step, in per cent, that keeps money after two maker fees',
              }),
              price_tick: Type.String(),
              min_order: Type.String(),
              grid_types: Type.Array(Type.String()),
              maker_fee_rate: Type.String(),
              taker_fee_rate: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => request.ok(await robots.limits(request.body)),
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
          ...ExitFields,
          grid_type: GridTypeField,
        }),
        response: { 200: envelopeOf(Type.Object({ robot_id: Type.String() })) },
      },
    },
    async (request) => {
      const { exits, rest } = exitsIn(request.body);
      const { range_low, range_high, grids, ...own } = rest as typeof request.body;
      return request.ok(
        await robots.create(request.caller!.userId, {
          ...own,
          custom: { range_low, range_high, grids },
          exits,
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
        summary:
          'Start, stop (close at market, everything back to the balance), settle a robot, edit its exits, or publish it for copying (or not)',
        security,
        body: callBody({
          robot_id: RobotId,
          action: Type.Union([
            Type.Literal('start'),
            Type.Literal('stop'),
            Type.Literal('settle'),
            Type.Literal('edit'),
            Type.Literal('publish'),
            Type.Literal('unpublish'),
          ]),
          profit_share_pct: Type.Optional(ShareField),
          ...ExitFields,
        }),
        response: { 200: envelopeOf(Robot) },
      },
    },
    async (request) => {
      const { exits, rest } = exitsIn(request.body);
      const { robot_id, action, profit_share_pct } = rest as typeof request.body;
      return request.ok(
        await robots.act(request.caller!.userId, robot_id, action, request.t, {
          ...exits,
          ...(profit_share_pct !== undefined ? { profit_share_pct } : {}),
        }),
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
    // Sent as JSON text (decisions 123 and 203): the schema documents it.
    async (request, reply) =>
      reply.okJson(
        await robots.infoJson(
          request.caller!.userId,
          request.body.robot_id,
          request.t,
          request.lang,
        ),
      ),
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
              Type.Literal('waiting'),
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
        summary:
          'Leaderboard: the top 50 robots run at least a day, by return over 7, 30 or 90 days, drawdown or copiers (public)',
        body: callBody({
          period: Type.Optional(
            Type.Union([Type.Literal('7d'), Type.Literal('30d'), Type.Literal('90d')]),
          ),
          sort: Type.Optional(
            Type.Union([Type.Literal('roi'), Type.Literal('drawdown'), Type.Literal('copiers')]),
          ),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              period: Type.String(),
              sort: Type.String(),
              list: Type.Array(
                Type.Object({
                  rank: Type.Integer(),
                  robot_id: Type.String(),
                  nickname: Type.String(),
                  demo: Type.Boolean({ description: 'A seeded demo investor, not a customer' }),
                  me: Type.Boolean({ description: "the caller's own robot" }),
                  market: Type.String(),
                  direction: Type.String(),
                  return_rate: Type.String(),
                  runtime_seconds: Type.Integer(),
                  principal: Type.String(),
                  max_drawdown: Type.String({ description: 'a positive fraction' }),
                  copiers: Type.Integer(),
                  public: Type.Boolean({ description: 'copyable' }),
                  profit_share_pct: Type.Integer(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) =>
      request.ok(
        await robots.leaderboard(request.body.period ?? '7d', request.body.sort ?? 'roi', {
          userId: request.caller?.userId ?? null,
          lang: request.lang,
        }),
      ),
  );

  app.post(
    '/api/user/quancopy',
    {
      config: { auth: true, ...limit(3) },
      schema: {
        tags: ['robots'],
        summary:
          "Copy a public, running robot with one's own principal: same settings, range scaled to the price now, started at once",
        security,
        body: callBody({
          robot_id: RobotId,
          principal: Principal,
          fund_password: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 200: envelopeOf(Type.Object({ robot_id: Type.String() })) },
      },
    },
    async (request) =>
      request.ok(await robots.copy(request.caller!.userId, request.body), 'robot.copied'),
  );

  app.post(
    '/api/user/quancopiers',
    {
      config: { auth: true },
      schema: {
        tags: ['robots'],
        summary: "A leader's robot's copies: masked names and the shares each paid",
        security,
        body: callBody({ robot_id: RobotId, page: Page, limit: Limit }),
        response: {
          200: envelopeOf(
            Type.Object({
              list: Type.Array(
                Type.Object({
                  nickname: Type.String({ description: 'masked' }),
                  status: Type.String(),
                  share_pct: Type.Integer(),
                  shares_paid: Type.String(),
                  started_at: Type.String(),
                }),
              ),
              page: Type.Integer(),
              limit: Type.Integer(),
              total: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { robot_id, page = 1, limit: size = 20 } = request.body;
      return request.ok(await robots.copiers(request.caller!.userId, robot_id, page, size));
    },
  );

  app.post(
    '/api/main/quanpublic',
    {
      schema: {
        tags: ['robots'],
        summary:
          'A copyable robot as a would-be copier sees it: settings, terms and track record (public)',
        body: callBody({ robot_id: RobotId }),
        response: {
          200: envelopeOf(
            Type.Object({
              robot_id: Type.String(),
              name: Type.String(),
              nickname: Type.String(),
              demo: Type.Boolean(),
              market: Type.String(),
              direction: Type.String(),
              principal: Type.String(),
              range_low: Type.String(),
              range_high: Type.String(),
              grids: Type.Integer(),
              cumulative_yield_rate: Type.String(),
              duration_seconds: Type.Integer(),
              roi_7d: Type.String(),
              roi_30d: Type.String(),
              roi_90d: Type.String(),
              max_drawdown: Type.String(),
              sharpe: Type.String(),
              round_trips: Type.Integer(),
              buy_and_hold_return: Type.String(),
              copiers: Type.Integer(),
              profit_share_pct: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request) =>
      request.ok(await robots.publicRobot(request.body.robot_id, request.t, request.lang)),
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
