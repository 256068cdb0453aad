// The fields that registration and the password reset share: the image code, the code sent
// to the account (with its Send button and countdown) and the new login password. The form
// owns the values and the calls; this draws the three items.
import { Form } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Captcha } from '../api/get-captcha.ts';
import { checks, rule } from '../utils/rules.ts';
import { CaptchaInput } from './captcha-input.tsx';
import { CodeInput } from './code-input.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordStrength } from './password-strength.tsx';
import '../auth.css';

export function CaptchaCodePassword({
  captcha,
  checkCaptcha = false,
  proven = false,
  onSend,
  sending,
  secondsLeft,
  passwordLabel,
  strengthOf,
  passwordTestId,
}: {
  /** The picture, as `useCaptcha` gives it. */
  captcha: {
    captcha: Captcha | undefined;
    isFetching: boolean;
    failed: boolean;
    refresh: () => void;
  };
  /** Check the image code on submit, with the hint that the picture can be changed. */
  checkCaptcha?: boolean;
  /** The picture is already solved (registration's proof): "done" instead of the field. */
  proven?: boolean;
  onSend: () => void;
  sending: boolean;
  secondsLeft: number;
  passwordLabel: string;
  /** The password typed so far, to show its strength under the field. */
  strengthOf?: string;
  passwordTestId: string;
}) {
  const { t } = useTranslation();
  const check = checks(t);
  return (
    <>
      {proven ? (
        <Form.Item label={t('auth.captcha')}>
          <p className="captcha-done" data-testid="captcha-done">
            <CheckCircleFill aria-hidden /> {t('auth.captchaDone')}
          </p>
        </Form.Item>
      ) : (
        <Form.Item
          name="captcha"
          label={t('auth.captcha')}
          {...(checkCaptcha
            ? {
                rules: [rule(check.captcha())],
                description: <span className="field-hint">{t('auth.captchaRefresh')}</span>,
              }
            : {})}
        >
          <CaptchaInput
            captcha={captcha.captcha}
            loading={captcha.isFetching}
            failed={captcha.failed}
            onRefresh={captcha.refresh}
          />
        </Form.Item>
      )}
      <Form.Item name="code" label={t('auth.code')} rules={[rule(check.code())]}>
        <CodeInput onSend={onSend} sending={sending} secondsLeft={secondsLeft} />
      </Form.Item>
      <Form.Item
        name="password"
        label={passwordLabel}
        rules={[rule(check.newPassword())]}
        {...(strengthOf !== undefined
          ? { description: <PasswordStrength password={strengthOf} /> }
          : {})}
      >
        <PasswordInput
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
          testId={passwordTestId}
        />
      </Form.Item>
    </>
  );
}
