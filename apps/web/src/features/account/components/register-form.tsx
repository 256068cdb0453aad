// Registration (spec 4, Registration flow): account by e-mail or phone, image code, the
// code sent to the account, login password, 6-digit fund password, optional invitation
// code and Telegram name, agreement to the terms; then the account-created screen. The
// picture solved to send the code is the only one: the code call answers a proof of it
// that the registration presents instead (a new picture only if that proof has expired).
// The form survives a visit to the terms and back, in memory (register-draft.ts).
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useState, type ReactNode } from 'react';
import { Checkbox, Form, Input } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { Trans } from '../../../lib/trans.tsx';
import { paths } from '../../../config/paths.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useRegister } from '../api/register.ts';
import { useSendCode } from '../api/send-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { registerDraft, type RegisterDraft } from '../hooks/register-draft.ts';
import { failureData } from '../../../lib/api.ts';
import { checks, rule, type AccountKind } from '../utils/rules.ts';
import { AccountItem, AccountKindTabs } from './account-fields.tsx';
import { CaptchaCodePassword } from './captcha-code-password.tsx';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import '../auth.css';

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
  const [kept] = useState(() => registerDraft.read());
  const [kind, setKind] = useState<AccountKind>(kept?.kind ?? 'email');
  const [proof, setProof] = useState<RegisterDraft['proof']>(kept?.proof);
  const [sentAt, setSentAt] = useState(kept?.sentAt);
  const sendCode = useSendCode();
  const register = useRegister();
  const countdown = useCountdown(undefined, kept?.sentAt);
  const password = (Form.useWatch('password', form) as string | undefined) ?? '';
  const account = ((Form.useWatch('account', form) as string | undefined) ?? '').trim();
  // The proof is bound to the account it was earned for; another account needs a picture.
  const proven = proof !== undefined && proof.account === account;
  const pictures = useCaptcha(!proven);
  const { captcha, refresh, requestMissing } = pictures;
  const check = checks(t);

  const keep = (changes: Partial<RegisterDraft>) =>
    registerDraft.save({
      kind,
      values: form.getFieldsValue(true) as Record<string, unknown>,
      ...(proof ? { proof } : {}),
      ...(sentAt ? { sentAt } : {}),
      ...changes,
    });

  const nextCaptcha = () => {
    form.setFieldValue('captcha', '');
    refresh();
  };

  // Tapped before the picture arrived (or its request failed): said on the field, not ignored.
  const pictureMissing = () => {
    form.setFields([{ name: 'captcha', errors: [t('auth.captchaNotLoaded')] }]);
    requestMissing();
  };

  const onSend = async () => {
    try {
      await form.validateFields(['account', 'captcha']);
    } catch {
      return;
    }
    if (!captcha) return pictureMissing();
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
          const now = Date.now();
          const earned = reply.data?.captcha_proof
            ? { value: reply.data.captcha_proof, account: values.account.trim() }
            : undefined;
          setSentAt(now);
          setProof(earned);
          keep({ sentAt: now, ...(earned ? { proof: earned } : {}) });
          if (!earned) nextCaptcha();
        },
        onError: nextCaptcha,
      },
    );
  };

  const onFinish = (values: RegisterValues) => {
    const picture = proven
      ? { captcha_proof: proof.value }
      : captcha
        ? { captcha_id: captcha.captcha_id, captcha: values.captcha.trim() }
        : null;
    if (!picture) return pictureMissing();
    register.mutate(
      {
        account: values.account.trim(),
        password: values.password,
        fund_password: values.fund_password,
        code: values.code,
        ...picture,
        invite_code: values.invite_code,
        telegram: values.telegram?.trim().replace(/^@/, ''),
      },
      {
        // The account-created screen says it all; no toast on top of it.
        onSuccess: () => {
          registerDraft.clear();
          onRegistered();
        },
        onError: (error) => {
          if (proven && failureData(error).field === 'captcha') {
            // The proof has expired: back to a picture, with the server's message on it.
            setProof(undefined);
            keep({ proof: undefined });
            form.setFields([{ name: 'captcha', errors: [error.message] }]);
          }
          if (!proven) nextCaptcha();
        },
      },
    );
  };

  const switchKind = (nextKind: AccountKind) => {
    setKind(nextKind);
    form.setFieldValue('account', '');
    form.setFields([{ name: 'account', errors: [] }]);
    keep({ kind: nextKind });
  };

  return (
    <>
      <AccountKindTabs kind={kind} onChange={switchKind} testIdPrefix="register" />
      <Form
        form={form}
        layout="vertical"
        className="form-card"
        requiredMarkStyle="none"
        initialValues={
          kept
            ? { ...kept.values, ...(inviteCode ? { invite_code: inviteCode } : {}) }
            : { invite_code: inviteCode, agree: false }
        }
        onValuesChange={() => keep({})}
        onFinish={onFinish}
        footer={
          <SubmitButton loading={register.isPending} testId="register-submit">
            {t('auth.registerButton')}
          </SubmitButton>
        }
      >
        <AccountItem kind={kind} testId="register-account" />
        <CaptchaCodePassword
          captcha={pictures}
          checkCaptcha
          proven={proven}
          onSend={() => void onSend()}
          sending={sendCode.isPending}
          secondsLeft={countdown.left}
          passwordLabel={t('auth.loginPassword')}
          strengthOf={password}
          passwordTestId="register-password"
        />
        <Form.Item
          name="fund_password"
          validateTrigger="onBlur"
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
