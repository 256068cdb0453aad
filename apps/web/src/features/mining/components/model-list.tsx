// The machine models as cards: published hash power and power draw, price and electricity
// per day, minimum days, stock left, today's estimated output net of electricity, hashprice,
// the break-even BTC price of the minimum term, and a warning when that term is shorter
// than break-even.
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { wholeUp } from '../utils.ts';
import type { MinerModel } from '../api/models.ts';

export function ModelList({
  models,
  onRent,
}: {
  models: MinerModel[];
  /** Undefined for visitors: no rent button. */
  onRent?: (model: MinerModel) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="miner-models" data-testid="miner-models">
      {models.map((m) => (
        <article key={m.model_id} className="miner-card" data-testid="miner-model">
          <header className="miner-card__head">
            <div>
              <h3 className="miner-card__name" dir="auto">
                {m.name}
              </h3>
              <span className="miner-card__algo">{m.algorithm}</span>
            </div>
            <div className="miner-card__hash" dir="ltr">
              {m.hash_rate_ths} <small>TH/s</small>
            </div>
          </header>
          <dl className="miner-figures">
            <div>
              <dt>{t('mining.pricePerDay')}</dt>
              <dd dir="ltr">{formatUsdt(m.price_per_day, 2, 2)}</dd>
            </div>
            <div>
              <dt>{t('mining.electricityPerDay')}</dt>
              <dd dir="ltr">{formatUsdt(m.electricity_per_day, 2, 2)}</dd>
            </div>
            <div>
              <dt>{t('mining.estOutput')}</dt>
              <dd dir="ltr" className="miner-figures__estimate">
                {formatUsdt(m.est_daily_output, 2, 2)}
              </dd>
            </div>
            <div>
              <dt>{t('mining.breakeven')}</dt>
              <dd>
                {m.est_breakeven_days === null
                  ? t('mining.never')
                  : t('mining.daysCount', { count: m.est_breakeven_days })}
              </dd>
            </div>
            <div>
              <dt>{t('mining.hashprice')}</dt>
              <dd dir="ltr">{formatUsdt(m.hashprice, 4, 4)}</dd>
            </div>
            <div>
              <dt>{t('mining.breakevenBtcPrice')}</dt>
              <dd dir="ltr">
                {m.breakeven_btc_price ? formatUsdt(wholeUp(m.breakeven_btc_price), 0) : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('mining.minDays')}</dt>
              <dd>{t('mining.daysCount', { count: m.min_days })}</dd>
            </div>
            <div>
              <dt>{t('mining.stockLeft')}</dt>
              <dd dir="ltr">
                {m.stock_left} / {m.stock}
              </dd>
            </div>
          </dl>
          {m.term_exceeds_breakeven ? (
            <p className="rent-warning" data-testid="model-warning">
              {m.est_breakeven_days === null
                ? t('mining.neverPaysBack', { days: m.min_days })
                : t('mining.termBelowBreakeven', { n: m.est_breakeven_days, days: m.min_days })}
            </p>
          ) : null}
          <footer className="miner-card__foot">
            <span className="miner-card__power" dir="ltr">
              {m.power_w} W
            </span>
            {onRent ? (
              <Button
                color="primary"
                shape="rounded"
                size="small"
                disabled={m.stock_left === 0}
                onClick={() => onRent(m)}
                data-testid="rent-button"
              >
                {m.stock_left === 0 ? t('mining.soldOut') : t('mining.rent')}
              </Button>
            ) : null}
          </footer>
        </article>
      ))}
    </div>
  );
}
