// Rent a model: days (at least its minimum), the total price x days, and the fund
// password. The rent leaves the balance at once; the first payout follows the first day.
import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { failureData } from '../../../lib/api.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useRentMiner, type MinerModel } from '../api/models.ts';
import { rentTotal } from '../utils.ts';
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

  const submit = () => {
    setError(null);
    if (!/^\d{1,5}$/.test(days.trim()) || Number(days) < model.min_days) {
      setError({ field: 'days', message: t('mining.daysMinimum', { min: model.min_days }) });
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
        {model.name} <span dir="ltr">{model.hash_rate_ths} TH/s</span>
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
        <span dir="ltr">{formatUsdt(model.est_daily_output)} USDT</span>
      </div>
      <MiningEstimateNote />
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
