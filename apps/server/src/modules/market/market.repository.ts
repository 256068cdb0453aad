// SQL for stored 1-minute candles: the robot engine writes each completed minute of every
// market, and the chart call reads them back.
import type { Candle } from '@olive/market';
import type { Db } from '../../db/database.ts';

export function marketRepository(db: Db) {
  return {
    db,

    /** Writes candles; a minute already stored is left as it is (the feed is the same). */
    async saveCandles(market: string, candles: readonly Candle[]) {
      for (let i = 0; i < candles.length; i += 1000) {
        await db
          .insertInto('market_candles')
          .values(
            candles.slice(i, i + 1000).map((c) => ({
              market,
              t: new Date(c.ts),
              open: c.open,
              high: c.high,
              low: c.low,
              close: c.close,
              volume: c.volume,
            })),
          )
          .onConflict((oc) => oc.columns(['market', 't']).doNothing())
          .execute();
      }
    },

    /** Start of the newest stored minute of a market (ms), or null. */
    async lastCandleTime(market: string): Promise<number | null> {
      const row = await db
        .selectFrom('market_candles')
        .select((eb) => eb.fn.max('t').as('t'))
        .where('market', '=', market)
        .executeTakeFirst();
      return row?.t ? new Date(row.t).getTime() : null;
    },

    /** Stored candles with from <= t < to, oldest first. */
    async candles(market: string, from: number, to: number): Promise<Candle[]> {
      const rows = await db
        .selectFrom('market_candles')
        .selectAll()
        .where('market', '=', market)
        .where('t', '>=', new Date(from))
        .where('t', '<', new Date(to))
        .orderBy('t')
        .execute();
      return rows.map((r) => ({
        ts: new Date(r.t).getTime(),
        open: BigInt(r.open),
        high: BigInt(r.high),
        low: BigInt(r.low),
        close: BigInt(r.close),
        volume: r.volume,
      }));
    },
  };
}

export type MarketRepository = ReturnType<typeof marketRepository>;
