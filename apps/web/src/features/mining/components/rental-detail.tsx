// One rental: hash power, start and expiry, cumulative earnings, the balance payouts go
// to, renew / auto-renew, a daily earnings chart and each day's payout with every input
// the formula used (difficulty, block reward, BTC price, hash rate, electricity) beside the
// forecast stored for it when its term was paid for; today's accrual as an estimate.
import { useState } from 'react';
import { Button, Input, Switch } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { Section } from '../../../components/section.tsx';
import { formatDateTime, formatUsdt } from '../../../lib/format.ts';

/** HH:MM in the reader's time zone. */
const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
import { toastFailure, toastSuccess } from '../../../lib/messages.ts';
import { useRentalAction, type RentalDetail } from '../api/rentals.ts';
import { difficultyT, rentTotal } from '../utils.ts';
import { EarningsChart } from './earnings-chart.tsx';
import { MiningDemoBadge, MiningEstimateNote } from './labels.tsx';
import { RentalStatus } from './my-rentals.tsx';
import '../../../components/section.css';

export function RentalDetailView({ rental, onPaid }: { rental: RentalDetail; onPaid: () => void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState('');
  const action = useRentalAction(rental.rental_id, onPaid);
  const total = rentTotal(rental.price_per_day, days);
  const active = rental.status === 'active';

  const run = (input: { action: 'renew' | 'auto_renew_on' | 'auto_renew_off'; days?: string }) =>
    action.mutate(input, {
      onSuccess: (reply) => {
        toastSuccess(reply.msg);
        setDays('');
      },
      onError: (e) => toastFailure(e.message),
    });

  const figures: [string, string, boolean?][] = [
    [t('mining.hashRate'), `${rental.hash_rate_ths} TH/s`, true],
    [t('mining.hashRate24h'), `${rental.hash_rate_24h_ths} TH/s`, true],
    [t('mining.startedAt'), formatDateTime(rental.started_at), true],
    [t('mining.expiresAt'), formatDateTime(rental.expires_at), true],
    [t('mining.rentalDays'), t('mining.daysCount', { count: rental.days })],
    [t('mining.paidDays'), t('mining.daysCount', { count: rental.paid_days })],
    [t('mining.electricityPerDay'), `${formatUsdt(rental.electricity_per_day)} USDT`, true],
    [t('mining.currentBalance'), `${formatUsdt(rental.current_balance)} USDT`, true],
    [t('mining.realisedTotal'), `${formatUsdt(rental.realised_total)} USDT`, true],
    [t('mining.forecastTotal'), `${formatUsdt(rental.forecast_total)} USDT`, true],
  ];

  return (
    <div className="rental-detail" data-testid="rental-detail">
      <section className="rental-hero">
        <div className="rental-hero__top">
          <h2>{rental.model}</h2>
          <RentalStatus rental={rental} />
          <MiningDemoBadge source={rental.source} />
        </div>
        <div className="rental-hero__label">{t('mining.cumulative')}</div>
        <div className="rental-hero__value" dir="ltr" data-testid="rental-cumulative">
          {formatUsdt(rental.cumulative_earnings, 2, 2)} <small>USDT</small>
        </div>
        {rental.accruing_paid_about ? (
          <p className="accruing-card" data-testid="accruing-today">
            {t('mining.accruingToday')}{' '}
            <strong dir="ltr">+{formatUsdt(rental.accruing_today)} USDT</strong>
            <br />
            {t('mining.accruingNote', {
              amount: formatUsdt(rental.accruing_day_estimate),
              time: formatTime(rental.accruing_paid_about),
            })}
          </p>
        ) : null}
        <dl className="miner-figures">
          {figures.map(([label, value, ltr]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir={ltr ? 'ltr' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {active ? (
        <Section title={t('mining.renewTitle')} testId="renew-section">
          <div className="card renew-card">
            <div className="renew-card__row">
              <Input
                value={days}
                onChange={setDays}
                inputMode="numeric"
                maxLength={5}
                placeholder={t('mining.days')}
                aria-label={t('mining.days')}
                data-testid="renew-days"
              />
              <Button
                color="primary"
                shape="rounded"
                size="small"
                loading={action.isPending}
                disabled={!total}
                onClick={() => run({ action: 'renew', days })}
                data-testid="renew-submit"
              >
                {t('mining.renew')}
              </Button>
            </div>
            {total ? (
              <p className="renew-card__total" dir="auto">
                {t('mining.total')}: <span dir="ltr">{formatUsdt(total)} USDT</span>
              </p>
            ) : null}
            <label className="renew-card__auto">
              <span>{t('mining.autoRenew')}</span>
              <Switch
                checked={rental.auto_renew}
                loading={action.isPending}
                onChange={(on) => run({ action: on ? 'auto_renew_on' : 'auto_renew_off' })}
                data-testid="auto-renew"
              />
            </label>
            <p className="section__hint">{t('mining.autoRenewHint')}</p>
          </div>
        </Section>
      ) : null}

      <Section title={t('mining.dailyEarnings')} testId="earnings-section">
        <EarningsChart payouts={rental.payouts} />
        <MiningEstimateNote />
      </Section>

      <Section title={t('mining.payouts')} testId="payouts-section">
        <ul className="list-card payout-list" data-testid="payout-list">
          {[...rental.payouts].reverse().map((p) => (
            <li key={p.day} className="payout-row" data-testid="payout-row">
              <div className="payout-row__head">
                <span dir="ltr">{p.day}</span>
                <strong dir="ltr" className={p.amount === '0' ? 'payout-row__zero' : 'amount--in'}>
                  {p.amount === '0' ? t('mining.zeroDay') : `+${formatUsdt(p.amount)}`}
                </strong>
              </div>
              {p.forecast_amount !== null ? (
                <div className="payout-row__forecast" data-testid="payout-forecast">
                  {t('mining.forecastForDay')}{' '}
                  <span dir="ltr">{formatUsdt(p.forecast_amount)}</span>
                </div>
              ) : null}
              <dl className="payout-row__inputs">
                <div>
                  <dt>{t('mining.difficulty')}</dt>
                  <dd dir="ltr">{difficultyT(p.difficulty)}</dd>
                </div>
                <div>
                  <dt>{t('mining.blockReward')}</dt>
                  <dd dir="ltr">{p.block_reward} BTC</dd>
                </div>
                <div>
                  <dt>{t('mining.btcPrice')}</dt>
                  <dd dir="ltr">{formatUsdt(p.btc_price)}</dd>
                </div>
                <div>
                  <dt>{t('mining.hashRate')}</dt>
                  <dd dir="ltr">{p.hash_rate_ths} TH/s</dd>
                </div>
                <div>
                  <dt>{t('mining.gross')}</dt>
                  <dd dir="ltr">{formatUsdt(p.gross)}</dd>
                </div>
                <div>
                  <dt>{t('mining.electricity')}</dt>
                  <dd dir="ltr">−{formatUsdt(p.electricity)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p className="section__hint">{t('mining.formula')}</p>
      </Section>
    </div>
  );
}
