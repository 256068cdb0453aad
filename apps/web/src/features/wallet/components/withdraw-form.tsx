// The withdrawal itself: amount (with "All"), what the fee leaves ("You will receive",
// exact), the minimum and today's remaining limit, the 6-digit fund password, submit.
// The form checks what it can first; a refusal shows the server's own translated words
// on the field it names.
import { useRef } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { failureData } from '../../../lib/api.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import type { DrawInfo } from '../api/get-draw-info.ts';
import { newRequestId, useWithdraw } from '../api/withdraw.ts';
import { amountProblem, maxAmount, receiveAmount, type AmountProblem } from '../utils/amount.ts';
import '../wallet.css';

interface Values {
  amount: string;
  fund_password: string;
}

const problemText: Record<AmountProblem['key'], string> = {
  required: 'wallet.amountRequired',
  invalid: 'wallet.amountInvalid',
  precision: 'wallet.amountPrecision',
  positive: 'wallet.amountPositive',
  minimum: 'wallet.amountMinimum',
  balance: 'wallet.amountBalance',
  limit: 'wallet.amountLimit',
};

export function WithdrawForm({
  info,
  disabled,
  onSubmitted,
  onRefused,
}: {
  info: DrawInfo;
  disabled: boolean;
  onSubmitted?: () => void;
  onRefused?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const withdraw = useWithdraw(onSubmitted);
  // One id per submission: kept while the same amount is retried, new after a success.
  const requestId = useRef({ amount: '', id: newRequestId() });
  const amount = (Form.useWatch('amount', form) as string | undefined) ?? '';
  const receive = receiveAmount(amount, info.fee);

  const describe = (problem: AmountProblem) => {
    const { key, ...params } = problem;
    return t(problemText[key], params);
  };

  const onFinish = (values: Values) => {
    // Sent as typed: the field's check read it with the server's own parser.
    const typed = values.amount;
    if (requestId.current.amount !== `${info.network}:${typed}`) {
      requestId.current = { amount: `${info.network}:${typed}`, id: newRequestId() };
    }
    withdraw.mutate(
      {
        network: info.network,
        amount: typed,
        fund_password: values.fund_password,
        request_id: requestId.current.id,
      },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          requestId.current = { amount: '', id: newRequestId() };
          form.resetFields();
        },
        onError: (error) => {
          const field = failureData(error).field;
          form.setFieldValue('fund_password', '');
          if (field === 'amount' || field === 'fund_password') {
            form.setFields([{ name: field, errors: [error.message] }]);
          }
          onRefused?.();
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="form-card withdraw-form"
      requiredMarkStyle="none"
      onFinish={onFinish}
      disabled={disabled}
      footer={
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={withdraw.isPending}
          disabled={disabled}
          data-testid="withdraw-submit"
        >
          {t('wallet.withdrawButton')}
        </Button>
      }
    >
      <Form.Item
        name="amount"
        label={t('wallet.amount')}
        rules={[
          {
            validator: (_: unknown, value: unknown) => {
              const problem = amountProblem(typeof value === 'string' ? value : '', info);
              return problem ? Promise.reject(new Error(describe(problem))) : Promise.resolve();
            },
          },
        ]}
        description={
          <span className="field-hint" data-testid="withdraw-limits">
            {t('wallet.amountHint', {
              min: formatUsdt(info.min_amount, 0),
              left: formatUsdt(info.daily_remaining, 0),
            })}
          </span>
        }
      >
        <AmountInput onAll={() => form.setFieldValue('amount', maxAmount(info))} />
      </Form.Item>

      <dl className="quote" data-testid="withdraw-quote">
        <div className="quote__row">
          <dt>{t('wallet.available')}</dt>
          <dd>
            <span className="amount" dir="ltr" data-testid="withdraw-balance">
              {formatUsdt(info.balance)} USDT
            </span>
          </dd>
        </div>
        <div className="quote__row">
          <dt>{t('wallet.fee')}</dt>
          <dd>
            <span className="amount" dir="ltr" data-testid="withdraw-fee">
              {formatUsdt(info.fee)} USDT
            </span>
          </dd>
        </div>
        <div className="quote__row quote__row--total">
          <dt>{t('wallet.receive')}</dt>
          <dd>
            <span className="amount" dir="ltr" data-testid="withdraw-receive">
              {receive ? formatUsdt(receive) : '--'} USDT
            </span>
          </dd>
        </div>
      </dl>

      <Form.Item
        name="fund_password"
        validateTrigger="onBlur"
        label={t('auth.fundPassword')}
        rules={[
          {
            validator: (_: unknown, value: unknown) =>
              typeof value === 'string' && /^\d{6}$/.test(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('rules.fundPasswordInvalid'))),
          },
        ]}
      >
        <FundPasswordInput testId="withdraw-fund-password" />
      </Form.Item>
    </Form>
  );
}

function AmountInput({
  value,
  onChange,
  onAll,
}: {
  value?: string;
  onChange?: (value: string) => void;
  onAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field-row">
      <Input
        className="field-row__input"
        value={value}
        onChange={(next) => onChange?.(next.replace(/[^\d.]/g, ''))}
        placeholder={t('wallet.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        maxLength={21}
        data-testid="withdraw-amount"
      />
      <span className="field-row__unit">USDT</span>
      <button type="button" className="chip-button" onClick={onAll} data-testid="withdraw-all">
        {t('wallet.all')}
      </button>
    </div>
  );
}
