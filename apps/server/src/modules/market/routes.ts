// Market screens: every market's price and 24-hour figures, and chart candles. Public;
// `source: 'simulated'` makes the apps show the "Demo market data" badge.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MARKET_IDS } from '@olive/market';
import { callBody, CountField } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import { marketOf, type MarketDataService } from './market-data.service.ts';

/** Checked by marketOf(), so an unknown market gets its own message listing the markets. */
export const MarketField = Type.String({
  minLength: 1,
  maxLength: 20,
  description: MARKET_IDS.join(', '),
});

const Candle = Type.Object({
  t: Type.String({ description: 'opening minute, ISO-8601 UTC' }),
  o: Type.String(),
  h: Type.String(),
  l: Type.String(),
  c: Type.String(),
});

export const marketRoutes: FastifyPluginAsyncTypebox<{ marketData: MarketDataService }> = async (
  app,
  { marketData },
) => {
  app.post(
    '/api/main/markets',
    {
      schema: {
        tags: ['market'],
        summary: 'Every market: price, 24-hour change, high and low, and the minimum principal',
        body: callBody({}),
        response: {
          200: envelopeOf(
            Type.Object({
              source: Type.Union([Type.Literal('simulated'), Type.Literal('exchange')]),
              markets: Type.Array(
                Type.Object({
                  market: Type.String(),
                  price: Type.String(),
                  change_24h: Type.String({ description: 'a rate: "-0.0123" = -1.23%' }),
                  high_24h: Type.String(),
                  low_24h: Type.String(),
                  min_principal: Type.String(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => request.ok(await marketData.summary()),
  );

  app.post(
    '/api/main/candles',
    {
      schema: {
        tags: ['market'],
        summary: 'Chart candles of a market, oldest first',
        body: callBody({
          market: MarketField,
          interval: Type.Optional(
            Type.Union([Type.Literal('1m'), Type.Literal('15m'), Type.Literal('1h')]),
          ),
          limit: Type.Optional(CountField({ min: 1, max: 500 })),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              market: Type.String(),
              interval: Type.String(),
              candles: Type.Array(Candle),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { market, interval = '15m', limit = 96 } = request.body;
      return request.ok(await marketData.candles(marketOf(market), interval, limit));
    },
  );
};
