// Registration (spec 4, Registration flow): account by e-mail or phone, image code, the
// code sent to the account, login password, 6-digit fund password, optional invitation
// code and Telegram name, agreement to the terms; then the account-created screen. Each
// check of the image code spends it, so a new picture follows every send and submit.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useState, type ReactNode } from 'react';
import { Checkbox, Form, Input, Tabs } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useRegister } from '../api/register.ts';
import { useSendCode } from '../api/send-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { checks, rule, type AccountKind } from '../utils/rules.ts';
import { CaptchaInput } from './captcha-input.tsx';
import { CodeInput } from './code-input.tsx';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordStrength } from './password-strength.tsx';

interface RegisterValues {
  account: string;
  captcha: string;
  code: string;
  password: string;
  fund_password: string;
  invite_code?: string;
  telegram?: string;
  agree?: boolean;
}

function ArticleLink({ topic, children }: { topic: string; children?: ReactNode }) {
  return (
    <Link to={paths.article} search={{ key: topic }} className="text-link">
      {children}
    </Link>
  );
}

export function RegisterForm({
  inviteCode,
  onRegistered,
}: {
  inviteCode: string;
  onRegistered: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const [kind, setKind] = useState<AccountKind>('email');
  const { captcha, isFetching, refresh } = useCaptcha();
  const sendCode = useSendCode();
  const register = useRegister();
  const countdown = useCountdown();
  const password = (Form.useWatch('password', form) as string | undefined) ?? '';
  const check = checks(t);

  const nextCaptcha = () => {
    form.setFieldValue('captcha', '');
    refresh();
  };

  const onSend = async () => {
    try {
      await form.validateFields(['account', 'captcha']);
    } catch {
      return;
    }
    if (!captcha) return;
    const values = form.getFieldsValue(['account', 'captcha']) as RegisterValues;
    sendCode.mutate(
      {
        kind,
        account: values.account.trim(),
        captcha_id: captcha.captcha_id,
        captcha: values.captcha.trim(),
        scene: 'register',
      },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          countdown.start();
        },
        onSettled: nextCaptcha,
      },
    );
  };

  const onFinish = (values: RegisterValues) => {
    if (!captcha) return;
    register.mutate(
      {
        account: values.account.trim(),
        password: values.password,
        fund_password: values.fund_password,
        code: values.code,
        captcha_id: captcha.captcha_id,
        captcha: values.captcha.trim(),
        invite_code: values.invite_code,
        telegram: values.telegram?.trim().replace(/^@/, ''),
      },
      {
        // The account-created screen says it all; no toast on top of it.
        onSuccess: onRegistered,
        onError: nextCaptcha,
      },
    );
  };

  const switchKind = (next: string) => {
    setKind(next === 'phone' ? 'phone' : 'email');
    form.setFieldValue('account', '');
    form.setFields([{ name: 'account', errors: [] }]);
  };

  return (
    <>
      <Tabs activeKey={kind} onChange={switchKind} className="form-tabs">
        <Tabs.Tab
          key="email"
          title={<span data-testid="register-tab-email">{t('auth.emailTab')}</span>}
        />
        <Tabs.Tab
          key="phone"
          title={<span data-testid="register-tab-phone">{t('auth.phoneTab')}</span>}
        />
      </Tabs>
      <Form
        form={form}
        layout="vertical"
        className="form-card"
        requiredMarkStyle="none"
        initialValues={{ invite_code: inviteCode, agree: false }}
        onFinish={onFinish}
        footer={
          <SubmitButton loading={register.isPending} testId="register-submit">
            {t('auth.registerButton')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="account"
          label={kind === 'email' ? t('auth.email') : t('auth.phone')}
          rules={[rule(check.account(kind))]}
        >
          {kind === 'email' ? (
            <Input
              key="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              placeholder={t('auth.emailPlaceholder')}
              clearable
              data-testid="register-account"
            />
          ) : (
            <Input
              key="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={11}
              placeholder={t('auth.phonePlaceholder')}
              clearable
              data-testid="register-account"
            />
          )}
        </Form.Item>
        <Form.Item
          name="captcha"
          label={t('auth.captcha')}
          rules={[rule(check.captcha())]}
          description={<span className="field-hint">{t('auth.captchaRefresh')}</span>}
        >
          <CaptchaInput captcha={captcha} loading={isFetching} onRefresh={refresh} />
        </Form.Item>
        <Form.Item name="code" label={t('auth.code')} rules={[rule(check.code())]}>
          <CodeInput
            onSend={() => void onSend()}
            sending={sendCode.isPending}
            secondsLeft={countdown.left}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.loginPassword')}
          rules={[rule(check.newPassword())]}
          description={<PasswordStrength password={password} />}
        >
          <PasswordInput
            autoComplete="new-password"
            placeholder={t('auth.newPasswordPlaceholder')}
            testId="register-password"
          />
        </Form.Item>
        <Form.Item
          name="fund_password"
          label={t('auth.fundPassword')}
          rules={[rule(check.fundPassword())]}
          description={<span className="field-hint">{t('auth.fundPasswordHint')}</span>}
        >
          <FundPasswordInput testId="register-fund-password" />
        </Form.Item>
        <Form.Item name="invite_code" label={t('auth.inviteCode')}>
          <Input
            placeholder={t('auth.invitePlaceholder')}
            autoCapitalize="characters"
            maxLength={16}
            clearable
            data-testid="register-invite"
          />
        </Form.Item>
        <Form.Item name="telegram" label={t('auth.telegram')} rules={[rule(check.telegram())]}>
          <Input
            placeholder={t('auth.telegramPlaceholder')}
            autoCapitalize="off"
            maxLength={33}
            clearable
            data-testid="register-telegram"
          />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          className="form-agree"
          rules={[
            {
              validator: (_: unknown, value: unknown) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('rules.agreeRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="register-agree">
            <span className="agree-text">
              <Trans
                i18nKey="auth.agree"
                components={{
                  terms: <ArticleLink topic="terms" />,
                  privacy: <ArticleLink topic="privacy" />,
                }}
              />
            </span>
          </Checkbox>
        </Form.Item>
      </Form>
    </>
  );
}
