// Changing the fund password: a code sent to the account (no image code: the investor is
// signed in), the login password, then six new digits.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useChangeFundPassword } from '../api/change-passwords.ts';
import { useSendFundPasswordCode } from '../api/send-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { checks, rule } from '../utils/rules.ts';
import { CodeInput } from './code-input.tsx';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { PasswordInput } from './password-input.tsx';

interface Values {
  code: string;
  password: string;
  fund_password: string;
}

export function FundPasswordForm({
  account,
  onChanged,
}: {
  account: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sentTo, setSentTo] = useState('');
  const sendCode = useSendFundPasswordCode();
  const change = useChangeFundPassword();
  const countdown = useCountdown();
  const check = checks(t);

  const onSend = () =>
    sendCode.mutate(undefined, {
      onSuccess: (reply) => {
        toastSuccess(reply.msg);
        setSentTo(reply.data?.sent_to ?? account);
        countdown.start();
      },
    });

  return (
    <Form
      form={form}
      layout="vertical"
      className="form-card"
      requiredMarkStyle="none"
      onFinish={(values) =>
        change.mutate(values, {
          onSuccess: (reply) => {
            toastSuccess(reply.msg);
            onChanged();
          },
        })
      }
      footer={
        <SubmitButton loading={change.isPending} testId="fund-password-submit">
          {t('common.confirm')}
        </SubmitButton>
      }
    >
      <Form.Item
        name="code"
        label={t('auth.code')}
        rules={[rule(check.code())]}
        description={
          <span className="field-hint" data-testid="code-target">
            {sentTo
              ? t('account.codeSentTo', { target: sentTo })
              : t('account.codeWillGo', { target: account })}
          </span>
        }
      >
        <CodeInput onSend={onSend} sending={sendCode.isPending} secondsLeft={countdown.left} />
      </Form.Item>
      <Form.Item name="password" label={t('auth.loginPassword')} rules={[rule(check.password())]}>
        <PasswordInput placeholder={t('auth.passwordPlaceholder')} testId="fund-login-password" />
      </Form.Item>
      <Form.Item
        name="fund_password"
        validateTrigger="onBlur"
        label={t('account.newFundPassword')}
        rules={[rule(check.fundPassword())]}
        description={<span className="field-hint">{t('auth.fundPasswordHint')}</span>}
      >
        <FundPasswordInput testId="new-fund-password" />
      </Form.Item>
    </Form>
  );
}
