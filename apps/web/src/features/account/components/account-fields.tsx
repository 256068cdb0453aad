// The e-mail / phone switch and the account field that registration, password reset and
// binding share: the field's label, rule, keyboard and autofill follow the kind.
import { Form, Input, Tabs } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { checks, rule, type AccountKind } from '../utils/rules.ts';

export function AccountKindTabs({
  kind,
  onChange,
  testIdPrefix,
}: {
  kind: AccountKind;
  onChange: (kind: AccountKind) => void;
  /** `register` gives register-tab-email and register-tab-phone. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={kind}
      onChange={(next) => onChange(next === 'phone' ? 'phone' : 'email')}
      className="form-tabs"
    >
      <Tabs.Tab
        key="email"
        title={<span data-testid={`${testIdPrefix}-tab-email`}>{t('auth.emailTab')}</span>}
      />
      <Tabs.Tab
        key="phone"
        title={<span data-testid={`${testIdPrefix}-tab-phone`}>{t('auth.phoneTab')}</span>}
      />
    </Tabs>
  );
}

/** The form's `account` field for an e-mail address or a mobile number. */
export function AccountItem({ kind, testId }: { kind: AccountKind; testId: string }) {
  const { t } = useTranslation();
  const check = checks(t);
  return (
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
          data-testid={testId}
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
          data-testid={testId}
        />
      )}
    </Form.Item>
  );
}
