// The 6-digit fund password (registration, its change, withdrawals, saving an address):
// six cells and antd-mobile's number keyboard (a phone's own keyboard would offer
// letters). Cells run left to right in every language, as digits do.
import { NumberKeyboard, PasscodeInput } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function FundPasswordInput({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="fund-password" dir="ltr" data-testid={testId}>
      <PasscodeInput
        value={value ?? ''}
        onChange={onChange}
        length={6}
        seperated
        aria-label={t('auth.fundPassword')}
        keyboard={<NumberKeyboard randomOrder={false} confirmText={t('common.ok')} />}
      />
    </div>
  );
}
