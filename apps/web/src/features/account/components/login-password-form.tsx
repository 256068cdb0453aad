// Changing the login password: the current one, the new one twice. The server signs out
// every other device; this one stays signed in.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useChangeLoginPassword } from '../api/change-passwords.ts';
import { checks, rule } from '../utils/rules.ts';
import { PasswordInput } from './password-input.tsx';
import { PasswordStrength } from './password-strength.tsx';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export function LoginPasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const fresh = (Form.useWatch('new_password', form) as string | undefined) ?? '';
  const change = useChangeLoginPassword();
  const check = checks(t);

  return (
    <Form
      form={form}
      layout="vertical"
      className="form-card"
      requiredMarkStyle="none"
      onFinish={(values) =>
        change.mutate(
          { old_password: values.old_password, new_password: values.new_password },
          {
            onSuccess: (reply) => {
              toastSuccess(reply.msg);
              onChanged();
            },
          },
        )
      }
      footer={
        <SubmitButton loading={change.isPending} testId="login-password-submit">
          {t('common.confirm')}
        </SubmitButton>
      }
    >
      <Form.Item
        name="old_password"
        label={t('account.currentPassword')}
        rules={[rule(check.password())]}
      >
        <PasswordInput placeholder={t('auth.passwordPlaceholder')} testId="old-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('account.newPassword')}
        dependencies={['old_password']}
        description={<PasswordStrength password={fresh} />}
        rules={[
          rule(check.newPassword()),
          ({ getFieldValue }) => ({
            validator: (_: unknown, value: unknown) =>
              value && value === getFieldValue('old_password')
                ? Promise.reject(new Error(t('rules.samePassword')))
                : Promise.resolve(),
          }),
        ]}
      >
        <PasswordInput
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
          testId="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['new_password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_: unknown, value: unknown) =>
              value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('rules.confirmMismatch'))),
          }),
        ]}
      >
        <PasswordInput
          autoComplete="new-password"
          placeholder={t('account.confirmPlaceholder')}
          testId="confirm-password"
        />
      </Form.Item>
    </Form>
  );
}
