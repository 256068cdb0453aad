// setphone: bind a phone to an e-mail account (or an e-mail to a phone account) with a
// code sent to it; afterwards either signs in and can receive codes.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useBind, useBindCode } from '../api/security.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { checks, rule, type AccountKind } from '../utils/rules.ts';
import { AccountItem } from './account-fields.tsx';
import { CodeInput } from './code-input.tsx';
import '../security.css';

interface Values {
  account: string;
  code: string;
}

export function BindForm({ kind, onBound }: { kind: AccountKind; onBound: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const sendCode = useBindCode();
  const bind = useBind();
  const countdown = useCountdown();
  const check = checks(t);

  const onSend = async () => {
    try {
      await form.validateFields(['account']);
    } catch {
      return;
    }
    const account = (form.getFieldValue('account') as string).trim();
    sendCode.mutate(
      { kind, account },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          countdown.start();
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
      onFinish={(values) =>
        bind.mutate(
          { account: values.account.trim(), code: values.code },
          {
            onSuccess: (reply) => {
              toastSuccess(reply.msg);
              onBound();
            },
          },
        )
      }
      footer={
        <SubmitButton loading={bind.isPending} testId="bind-submit">
          {t('accountSecurity.bindButton')}
        </SubmitButton>
      }
    >
      <AccountItem kind={kind} testId="bind-account" />
      <Form.Item name="code" label={t('auth.code')} rules={[rule(check.code())]}>
        <CodeInput
          onSend={() => void onSend()}
          sending={sendCode.isPending}
          secondsLeft={countdown.left}
        />
      </Form.Item>
    </Form>
  );
}
