// Sign-in: account and password; the image code joins the form once the server asks for
// it (after 3 failures), with a new picture after every try.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureData } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useLogin } from '../api/login.ts';
import { checks, rule } from '../utils/rules.ts';
import { CaptchaInput } from './captcha-input.tsx';
import { PasswordInput } from './password-input.tsx';

interface LoginValues {
  account: string;
  password: string;
  captcha?: string;
  otp?: string;
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const [captchaShown, setCaptchaShown] = useState(false);
  // Two-factor: the second step joins the form when the server asks for it.
  const [otpShown, setOtpShown] = useState(false);
  const { captcha, isFetching, failed, refresh } = useCaptcha(captchaShown);
  const login = useLogin();
  const check = checks(t);

  const onFinish = (values: LoginValues) => {
    const withCaptcha = captchaShown && captcha;
    login.mutate(
      {
        account: values.account.trim(),
        password: values.password,
        captcha_id: withCaptcha ? captcha.captcha_id : undefined,
        captcha: withCaptcha ? values.captcha?.trim() : undefined,
        otp: otpShown ? values.otp?.trim() : undefined,
      },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          onSignedIn();
        },
        onError: (error) => {
          if (failureData(error).field === 'otp') setOtpShown(true);
          if (failureData(error).captcha_required || captchaShown) {
            form.setFieldValue('captcha', '');
            if (captchaShown) refresh();
            else setCaptchaShown(true);
          }
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="form-card"
      requiredMarkStyle="none"
      onFinish={onFinish}
      footer={
        <SubmitButton loading={login.isPending} testId="login-submit">
          {t('auth.loginButton')}
        </SubmitButton>
      }
    >
      <Form.Item name="account" label={t('auth.account')} rules={[rule(check.account())]}>
        <Input
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          autoCapitalize="off"
          inputMode="email"
          clearable
          data-testid="login-account"
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[rule(check.password())]}>
        <PasswordInput placeholder={t('auth.passwordPlaceholder')} testId="login-password" />
      </Form.Item>
      {captchaShown ? (
        <Form.Item name="captcha" label={t('auth.captcha')} rules={[rule(check.captcha())]}>
          <CaptchaInput
            captcha={captcha}
            loading={isFetching}
            failed={failed}
            onRefresh={refresh}
          />
        </Form.Item>
      ) : null}
      {otpShown ? (
        <Form.Item name="otp" label={t('accountSecurity.otp')} rules={[rule(check.captcha())]}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            placeholder={t('accountSecurity.otpPlaceholder')}
            data-testid="login-otp"
          />
        </Form.Item>
      ) : null}
    </Form>
  );
}
