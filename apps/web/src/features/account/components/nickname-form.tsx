// The nickname (required, at most 20 characters as a person counts them).
import { SubmitButton } from '../../../components/submit-button.tsx';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { NICKNAME_MAX, useSetNickname } from '../api/update-profile.ts';

const length = (text: string) => [...text.trim()].length;

export function NicknameForm({ nickname, onSaved }: { nickname: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nickname: string }>();
  const current = (Form.useWatch('nickname', form) as string | undefined) ?? nickname;
  const setNickname = useSetNickname();

  return (
    <Form
      form={form}
      layout="vertical"
      className="form-card"
      requiredMarkStyle="none"
      initialValues={{ nickname }}
      onFinish={(values) =>
        setNickname.mutate(values.nickname.trim(), {
          onSuccess: (reply) => {
            toastSuccess(reply.msg);
            onSaved();
          },
        })
      }
      footer={
        <SubmitButton loading={setNickname.isPending} testId="nickname-submit">
          {t('common.save')}
        </SubmitButton>
      }
    >
      <Form.Item
        name="nickname"
        label={t('account.nickname')}
        description={<span className="field-hint">{t('account.nicknameHint')}</span>}
        extra={
          <span className="field-counter">
            {length(current)}/{NICKNAME_MAX}
          </span>
        }
        rules={[
          {
            validator: (_: unknown, value: unknown) => {
              const text = typeof value === 'string' ? value : '';
              if (!text.trim()) return Promise.reject(new Error(t('rules.nicknameRequired')));
              if (length(text) > NICKNAME_MAX)
                return Promise.reject(new Error(t('rules.nicknameLong', { limit: NICKNAME_MAX })));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input
          placeholder={t('account.nicknamePlaceholder')}
          clearable
          autoFocus
          data-testid="nickname-input"
        />
      </Form.Item>
    </Form>
  );
}
