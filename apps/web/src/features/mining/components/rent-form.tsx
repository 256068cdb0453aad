// Rent a model: days (at least its minimum), the total price x days, what that term is
// expected to do (output, electricity, net, break-even days and BTC price, the BTC the same
// USDT buys today beside the BTC the term is expected to mine, the fan of difficulty
// outcomes), a plain warning when the term is shorter than break-even, and the fund
// password. The rent leaves the balance at once; the first payout follows the first day.
import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { failureData } from '../../../lib/api.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useMinerQuote, useRentMiner, type MinerModel, type MinerQuote } from '../api/models.ts';
import { daysRefusal, MAX_RENTAL_DAYS, rentTotal, wholeUp } from '../utils.ts';
import { MiningEstimateNote } from './labels.tsx';

export function RentForm({
  model,
  balance,
  onRented,
}: {
  model: MinerModel;
  balance: string | undefined;
  onRented: (rentalId: string) => void;
}) {
  const { t } = useTranslation();
  const [days, setDays] = useState(String(model.min_days));
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const rent = useRentMiner();
  const total = rentTotal(model.price_per_day, days);
  const quote = useMinerQuote(model.model_id, daysRefusal(days, model.min_days) ? null : days);
  const figures = quote.data && String(quote.data.term_days) === days ? quote.data : undefined;

  const submit = () => {
    setError(null);
    const refusal = daysRefusal(days, model.min_days);
    if (refusal) {
      const message =
        refusal.reason === 'too_small'
          ? t('mining.daysMinimum', { min: model.min_days })
          : t('mining.daysInvalid', { min: model.min_days, max: MAX_RENTAL_DAYS });
      setError({ field: 'days', message });
      return;
    }
    if (fundPassword.length !== 6) {
      setError({ field: 'fund_password', message: t('mining.fundPasswordRequired') });
      return;
    }
    rent.mutate(
      { model_id: model.model_id, days, fund_password: fundPassword },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          onRented(reply.data!.rental_id);
        },
        onError: (e) => {
          setFundPassword('');
          setError({ field: failureData(e).field, message: e.message });
        },
      },
    );
  };

  return (
    <Form layout="vertical" onFinish={submit} className="rent-form" data-testid="rent-form">
      <h2 className="rent-form__title">
        <bdi>{model.name}</bdi> <span dir="ltr">{model.hash_rate_ths} TH/s</span>
      </h2>
      <Form.Item
        label={t('mining.days')}
        help={t('mining.daysMinimum', { min: model.min_days })}
        {...(error?.field === 'days' ? { description: error.message } : {})}
      >
        <Input
          value={days}
          onChange={setDays}
          inputMode="numeric"
          maxLength={5}
          data-testid="rent-days"
          aria-label={t('mining.days')}
        />
      </Form.Item>
      <div className="rent-form__total">
        <span>{t('mining.total')}</span>
        <strong dir="ltr" data-testid="rent-total">
          {total ? `${formatUsdt(total)} USDT` : '—'}
        </strong>
      </div>
      <div className="rent-form__balance">
        <span>{t('mining.balance')}</span>
        <span dir="ltr">{formatUsdt(balance)} USDT</span>
      </div>
      <div className="rent-form__estimate">
        <span>{t('mining.estOutput')}</span>
        <span dir="ltr">{formatUsdt(model.est_daily_output, 2, 2)} USDT</span>
      </div>
      {figures ? <TermFigures quote={figures} /> : null}
      <MiningEstimateNote />
      {figures?.term_exceeds_breakeven ? (
        <p className="rent-warning" role="alert" data-testid="rent-warning">
          {figures.breakeven_days === null
            ? t('mining.neverPaysBack', { days: figures.term_days })
            : t('mining.termBelowBreakeven', {
                n: figures.breakeven_days,
                days: figures.term_days,
              })}
        </p>
      ) : null}
      <Form.Item label={t('mining.fundPassword')}>
        <FundPasswordInput
          value={fundPassword}
          onChange={setFundPassword}
          testId="rent-fund-password"
        />
      </Form.Item>
      {error ? (
        <p className="form-error" role="alert" data-testid="rent-error">
          {error.message}
        </p>
      ) : null}
      <SubmitButton loading={rent.isPending} testId="rent-submit">
        {t('mining.pay')}
      </SubmitButton>
    </Form>
  );
}

function TermFigures({ quote }: { quote: MinerQuote }) {
  const { t } = useTranslation();
  const rows: [string, string, string?][] = [
    [t('mining.sheetOutput'), `${formatUsdt(quote.est_gross_total, 2, 2)} USDT`],
    [t('mining.sheetElectricity'), `−${formatUsdt(quote.est_electricity_total, 2, 2)} USDT`],
    [t('mining.sheetNet'), `${formatUsdt(quote.est_net_total, 2, 2)} USDT`],
    [
      t('mining.sheetResult'),
      `${formatUsdt(quote.est_result_total, 2, 2)} USDT`,
      'rent-sheet__net',
    ],
    [
      t('mining.breakeven'),
      quote.breakeven_days === null
        ? t('mining.never')
        : t('mining.daysCount', { count: quote.breakeven_days }),
    ],
    [
      t('mining.breakevenBtcPrice'),
      quote.breakeven_btc_price ? `${formatUsdt(wholeUp(quote.breakeven_btc_price), 0)} USDT` : '—',
    ],
  ];
  return (
    <div data-testid="rent-sheet">
      <dl className="rent-sheet">
        {rows.map(([label, value, className]) => (
          <div key={label} className={className} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd dir="ltr">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="rent-compare" data-testid="btc-instead">
        <div>
          <span>{t('mining.btcInstead')}</span>
          <strong dir="ltr">{quote.btc_instead} BTC</strong>
        </div>
        <div>
          <span>{t('mining.btcNet')}</span>
          <strong dir="ltr">{quote.est_btc_net} BTC</strong>
          <small>
            {t('mining.btcMinedGross')} <bdi dir="ltr">{quote.est_btc_mined} BTC</bdi>
          </small>
        </div>
      </div>
      <div className="rent-fan" data-testid="rent-fan">
        {t('mining.fanTitle')}
        <ul>
          {quote.forecast.map((f) => (
            <li key={f.difficulty_change_pct}>
              <span>{t('mining.fanRow', { pct: f.difficulty_change_pct })}</span>
              <span dir="ltr">{formatUsdt(f.est_net_total, 2, 2)} USDT</span>
            </li>
          ))}
        </ul>
        {quote.halving_on ? (
          <p className="section__hint">{t('mining.halvingInTerm', { date: quote.halving_on })}</p>
        ) : null}
      </div>
    </div>
  );
}
