// Mining screens: models with today's estimate, renting, my rentals, one rental with each
// day's payout and inputs, the records, renew / auto-renew, the leaderboard, and Home's
// production block. `source: 'simulated'` makes the apps show the "Demo market data" badge.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody, CountField, LimitField, PageField } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf, RowId } from '../../plugins/app/schemas.ts';
import { perMinuteLimit } from '../../plugins/external/rate-limit.ts';
import { MAX_RENTAL_DAYS, type MiningService } from './mining.service.ts';

const security = [{ bearer: [] }];
const Id = RowId;
/** Whole days; the service checks the model's minimum. */
const Days = CountField({ min: 1, max: MAX_RENTAL_DAYS, description: 'whole days' });
const Page = PageField;
const Limit = LimitField;
const Source = Type.Union([Type.Literal('simulated'), Type.Literal('mempool')]);
const listOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
  });

const Amount = (description: string) => Type.String({ description });
const Forecast = Type.Array(
  Type.Object({
    difficulty_change_pct: Type.Number({ description: 'difficulty change at each adjustment' }),
    est_net_total: Amount('the term net of electricity under that change; an estimate'),
  }),
  { description: 'outcomes of the term under 0, +2 and +4% per adjustment' },
);
/** The figures of a term before renting it (decision 142). */
const TermFigures = {
  breakeven_btc_price: Type.Union([Type.String(), Type.Null()], {
    description: 'USDT per BTC at which the term just pays its rent and electricity',
  }),
  btc_instead: Amount("BTC the term's rent buys at today's price"),
  est_btc_mined: Amount(
    "BTC the term is expected to mine before electricity (today's difficulty held)",
  ),
  est_btc_net: Amount(
    "the term's expected net (after electricity) in BTC at today's price, beside btc_instead",
  ),
  term_exceeds_breakeven: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: '1 when the term is shorter than the static break-even (or never breaks even)',
  }),
  halving_on: Type.Union([Type.String(), Type.Null()], {
    description: 'the expected day of a halving inside the term',
  }),
  forecast: Forecast,
};

const Model = Type.Object({
  model_id: Type.String(),
  name: Type.String(),
  algorithm: Type.String(),
  hash_rate_ths: Type.String(),
  power_w: Type.Integer(),
  price_per_day: Type.String(),
  electricity_per_day: Type.String(),
  min_days: Type.Integer(),
  stock: Type.Integer({ description: 'total miners' }),
  stock_left: Type.Integer(),
  est_gross_output: Type.String({ description: "today's output before electricity" }),
  est_daily_output: Type.String({ description: 'an estimate, not a promise: net of electricity' }),
  est_breakeven_days: Type.Union([Type.Integer(), Type.Null()], {
    description: 'days of the estimated output that repay the minimum term; null: never',
  }),
  hashprice: Amount('USDT per TH/s per day, before electricity'),
  est_net_per_day: Amount('an estimate: net of electricity'),
  ...TermFigures,
  estimate: Type.Boolean(),
});

export const Rental = Type.Object({
  rental_id: Type.String(),
  model_id: Type.String(),
  model: Type.String(),
  hash_rate_ths: Type.String(),
  hash_rate_24h_ths: Type.String(),
  days: Type.Integer({ description: 'days paid for in all' }),
  price_per_day: Type.String(),
  electricity_per_day: Type.String(),
  started_at: Type.String(),
  expires_at: Type.String(),
  starts_on: Type.String({ description: 'first paid UTC day' }),
  ends_on: Type.String({ description: 'the day after the last paid day' }),
  status: Type.String({ description: 'active or expired' }),
  auto_renew: Type.Boolean(),
  cumulative_earnings: Type.String(),
  paid_days: Type.Integer(),
});

const Payout = Type.Object({
  day: Type.String(),
  difficulty: Type.String(),
  network_hashrate: Type.String({ description: 'H/s' }),
  block_reward: Type.String({ description: 'BTC per block, subsidy plus fees' }),
  btc_price: Type.String({ description: 'USDT per BTC' }),
  hash_rate_ths: Type.String(),
  output_btc: Type.String(),
  gross: Type.String({ description: 'USDT before electricity' }),
  electricity: Type.String(),
  amount: Type.String({ description: 'paid: gross less electricity, never below zero' }),
  forecast_amount: Type.Union([Type.String(), Type.Null()], {
    description: 'the forecast for this day, stored when its term was paid for',
  }),
});

const MESSAGES = {
  renew: 'mining.renewed',
  auto_renew_on: 'mining.auto_renew_on',
  auto_renew_off: 'mining.auto_renew_off',
} as const;

export const miningRoutes: FastifyPluginAsyncTypebox<{
  mining: MiningService;
  perMinute: number;
}> = async (app, { mining, perMinute }) => {
  const limit = perMinuteLimit(perMinute);

  app.post(
    '/api/user/minerconf',
    {
      schema: {
        tags: ['mining'],
        summary: "Machine models with price, minimum days, stock left and today's estimate",
        body: callBody({}),
        response: {
          200: envelopeOf(Type.Object({ source: Source, list: Type.Array(Model) })),
        },
      },
    },
    async (request) => request.ok(await mining.conf()),
  );

  app.post(
    '/api/user/minerquote',
    {
      schema: {
        tags: ['mining'],
        summary: 'The rent sheet: what renting a model for N days is expected to do',
        body: callBody({ model_id: Id, days: Days }),
        response: {
          200: envelopeOf(
            Type.Object({
              model_id: Type.String(),
              day: Type.String({ description: 'the day whose inputs the figures use' }),
              source: Source,
              hashprice: Amount('USDT per TH/s per day'),
              btc_price: Amount('USDT per BTC today'),
              est_net_per_day: Amount('net of electricity'),
              term_days: Type.Integer(),
              rent: Amount('price x days'),
              breakeven_days: Type.Union([Type.Integer(), Type.Null()]),
              est_gross_total: Amount('expected output over the term, before electricity'),
              est_electricity_total: Amount('electricity over the term'),
              est_net_total: Amount('expected output less electricity'),
              est_result_total: Amount('the expected net less the rent: negative is a loss'),
              ...TermFigures,
              estimate: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async (request) => request.ok(await mining.quote(request.body)),
  );

  app.post(
    '/api/main/hashprice',
    {
      schema: {
        tags: ['mining'],
        summary: 'Hashprice (USDT per TH/s per day), the next difficulty adjustment, 30 days',
        body: callBody({}),
        response: {
          200: envelopeOf(
            Type.Object({
              day: Type.String(),
              source: Type.String(),
              hashprice: Amount("USDT per TH/s per day from today's inputs"),
              difficulty: Type.String(),
              block_reward: Amount('BTC per block, subsidy plus fees'),
              btc_price: Amount('USDT per BTC'),
              height: Type.Union([Type.Integer(), Type.Null()]),
              next_adjustment: Type.Object({
                progress_pct: Type.Union([Type.Number(), Type.Null()]),
                est_change_pct: Type.Union([Type.Number(), Type.Null()]),
                est_date: Type.Union([Type.String(), Type.Null()]),
              }),
              history: Type.Array(Type.Object({ day: Type.String(), hashprice: Type.String() })),
              estimate: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async (request) => request.ok(await mining.hashprice()),
  );

  app.post(
    '/api/user/minercreate',
    {
      config: { auth: true, ...limit(3) },
      schema: {
        tags: ['mining'],
        summary: 'Rent a model for N days (>= its minimum): price x days from the balance',
        security,
        body: callBody({
          model_id: Id,
          days: Days,
          fund_password: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 200: envelopeOf(Type.Object({ rental_id: Type.String() })) },
      },
    },
    async (request) =>
      request.ok(await mining.create(request.caller!.userId, request.body), 'mining.rented'),
  );

  app.post(
    '/api/user/minermy',
    {
      config: { auth: true },
      schema: {
        tags: ['mining'],
        summary: 'My rentals, newest first, optionally of one status (active, expired)',
        security,
        body: callBody({
          page: Page,
          limit: Limit,
          status: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        response: { 200: envelopeOf(listOf(Rental)) },
      },
    },
    async (request) => {
      const { page = 1, limit: size = 20, status } = request.body;
      return request.ok(
        await mining.my(request.caller!.userId, {
          page,
          limit: size,
          ...(status ? { status } : {}),
        }),
      );
    },
  );

  app.post(
    '/api/user/minerinfo',
    {
      config: { auth: true },
      schema: {
        tags: ['mining'],
        summary: 'One rental with each paid day and every input the payout used',
        security,
        body: callBody({ rental_id: Id }),
        response: {
          200: envelopeOf(
            Type.Object({
              ...Rental.properties,
              current_balance: Type.String({ description: 'the balance payouts go to' }),
              source: Source,
              forecast_total: Amount('the stored forecasts of the days paid so far'),
              realised_total: Amount('what the days paid so far paid'),
              forecast_days: Type.Integer({ description: 'paid days that have a forecast' }),
              accruing_today: Amount(
                "today's output so far, pro rata of the UTC day; an estimate, paid after the day",
              ),
              accruing_day_estimate: Amount("today's whole output at today's inputs"),
              accruing_paid_about: Type.Union([Type.String(), Type.Null()], {
                description: "when today's payout is expected (the job's first run after it)",
              }),
              payouts: Type.Array(Payout),
            }),
          ),
        },
      },
    },
    async (request) =>
      request.ok(await mining.info(request.caller!.userId, request.body.rental_id)),
  );

  app.post(
    '/api/user/minerlog',
    {
      config: { auth: true },
      schema: {
        tags: ['mining'],
        summary: 'Payments (rent, renewals) and daily payouts of my rentals, newest first',
        security,
        body: callBody({ page: Page, limit: Limit }),
        response: {
          200: envelopeOf(
            listOf(
              Type.Object({
                id: Type.String(),
                kind: Type.String({ description: 'rent, renew, auto_renew or payout' }),
                rental_id: Type.String(),
                model: Type.String(),
                amount: Type.String({ description: 'negative for payments' }),
                days: Type.Integer(),
                day: Type.String({ description: 'the paid day (payouts)' }),
                created_at: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { page = 1, limit: size = 20 } = request.body;
      return request.ok(await mining.log(request.caller!.userId, { page, limit: size }));
    },
  );

  app.post(
    '/api/user/openminer',
    {
      config: { auth: true, ...limit(3) },
      schema: {
        tags: ['mining'],
        summary: 'Renew a rental for N more days, or switch its auto-renew on or off',
        security,
        body: callBody({
          rental_id: Id,
          action: Type.Union([
            Type.Literal('renew'),
            Type.Literal('auto_renew_on'),
            Type.Literal('auto_renew_off'),
          ]),
          days: Type.Optional(Days),
        }),
        response: { 200: envelopeOf(Rental) },
      },
    },
    async (request) => {
      const { rental_id, action, days } = request.body;
      return request.ok(
        await mining.act(request.caller!.userId, rental_id, action, days),
        MESSAGES[action],
      );
    },
  );

  app.post(
    '/api/user/minerrank',
    {
      schema: {
        tags: ['mining'],
        summary: 'Leaderboard: users by mining earnings (all time, 7 or 30 days; public)',
        body: callBody({ period: Type.Optional(Type.String({ maxLength: 5 })) }),
        response: {
          200: envelopeOf(
            Type.Object({
              period: Type.String(),
              list: Type.Array(
                Type.Object({
                  rank: Type.Integer(),
                  nickname: Type.String(),
                  demo: Type.Boolean({ description: 'a labelled demo investor' }),
                  me: Type.Boolean({ description: "the caller's own row" }),
                  cumulative_earnings: Type.String(),
                  hash_rate_ths: Type.String(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) =>
      request.ok(
        await mining.rank(request.body.period || 'all', {
          userId: request.caller?.userId ?? null,
          lang: request.lang,
        }),
      ),
  );

  app.post(
    '/api/main/production',
    {
      schema: {
        tags: ['mining'],
        summary: "Home's production information: network figures and today's output per TH/s",
        body: callBody({}),
        response: {
          200: envelopeOf(
            Type.Object({
              day: Type.String(),
              source: Type.String(),
              network_hashrate_ehs: Type.String(),
              difficulty: Type.String(),
              block_reward: Type.String(),
              btc_price: Type.String(),
              output_per_ths_btc: Type.String(),
              output_per_ths_usdt: Type.String(),
              miners_rented: Type.Integer(),
              rented_hash_rate_ths: Type.String(),
              estimate: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async (request) => request.ok((await mining.production())!),
  );
};
