// Password reset (pages/public/setpwd): the account's e-mail or phone, the image code, a
// reset code sent there, a new password, and the authenticator code when the server asks
// for it (two-factor on). Every session ends; the owner gets a notice.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureData } from '../../../lib/api.ts';
import { TOAST_MS, toastSuccess } from '../../../lib/messages.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useResetPassword } from '../api/security.ts';
import { useSendCode } from '../api/send-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { checks, rule, type AccountKind } from '../utils/rules.ts';
import { AccountItem, AccountKindTabs } from './account-fields.tsx';
import { CaptchaCodePassword } from './captcha-code-password.tsx';
import '../security.css';
import '../auth.css';

interface Values {
  account: string;
  captcha: string;
  code: string;
  password: string;
  otp?: string;
}

export function ResetPasswordForm({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<AccountKind>('email');
  const [otpShown, setOtpShown] = useState(false);
  const pictures = useCaptcha();
  const { captcha, refresh, requestMissing } = pictures;
  const sendCode = useSendCode();
  const reset = useResetPassword();
  const countdown = useCountdown();
  const check = checks(t);

  // Tapped before the picture arrived (or its request failed): said on the field, not ignored.
  const pictureMissing = () => {
    form.setFields([{ name: 'captcha', errors: [t('auth.captchaNotLoaded')] }]);
    requestMissing();
  };

  const onSend = async () => {
    try {
      await form.validateFields(['account']);
    } catch {
      return;
    }
    if (!captcha) return pictureMissing();
    const values = form.getFieldsValue(['account', 'captcha']) as Values;
    // The image code guards the send only (the reset itself is guarded by the code).
    const captchaProblem = check.captcha()(values.captcha ?? '');
    if (captchaProblem) {
      form.setFields([{ name: 'captcha', errors: [captchaProblem] }]);
      return;
    }
    sendCode.mutate(
      {
        kind,
        account: values.account.trim(),
        captcha_id: captcha.captcha_id,
        captcha: values.captcha.trim(),
        scene: 'reset_password',
      },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          countdown.start();
        },
        onSettled: () => {
          form.setFieldValue('captcha', '');
          refresh();
        },
      },
    );
  };

  const onFinish = (values: Values) =>
    reset.mutate(
      {
        account: values.account.trim(),
        code: values.code,
        password: values.password,
        ...(values.otp ? { otp: values.otp.trim() } : {}),
      },
      {
        onSuccess: (reply) => {
          // It says withdrawals pause for 24 hours and until when: long enough to read.
          toastSuccess(reply.msg, 3 * TOAST_MS);
          onReset();
        },
        onError: (error) => {
          if (failureData(error).field === 'otp') setOtpShown(true);
        },
      },
    );

  return (
    <>
      <AccountKindTabs
        kind={kind}
        onChange={(next) => {
          setKind(next);
          form.setFieldValue('account', '');
        }}
        testIdPrefix="reset"
      />
      <Form
        form={form}
        layout="vertical"
        className="form-card"
        requiredMarkStyle="none"
        onFinish={onFinish}
        footer={
          <SubmitButton loading={reset.isPending} testId="reset-submit">
            {t('accountSecurity.resetButton')}
          </SubmitButton>
        }
      >
        <AccountItem kind={kind} testId="reset-account" />
        <CaptchaCodePassword
          captcha={pictures}
          onSend={() => void onSend()}
          sending={sendCode.isPending}
          secondsLeft={countdown.left}
          passwordLabel={t('accountSecurity.newPassword')}
          passwordTestId="reset-password"
        />
        {otpShown ? (
          <Form.Item name="otp" label={t('accountSecurity.otp')} rules={[rule(check.captcha())]}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              placeholder={t('accountSecurity.otpPlaceholder')}
              data-testid="reset-otp"
            />
          </Form.Item>
        ) : null}
      </Form>
    </>
  );
}
