// The 6-digit fund password (registration, its change, withdrawals, saving an address):
// six cells and antd-mobile's number keyboard (a phone's own keyboard would offer
// letters). Cells run left to right in every language, as digits do. The keypad closes
// by itself once the sixth digit is in, uncovering the rest of the form.
import { useRef } from 'react';
import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './fund-password-input.css';

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
  const input = useRef<PasscodeInputRef>(null);
  return (
    <div className="fund-password" dir="ltr" data-testid={testId}>
      <PasscodeInput
        ref={input}
        value={value ?? ''}
        onChange={onChange}
        onFill={() => input.current?.blur()}
        length={6}
        seperated
        aria-label={t('auth.fundPassword')}
        keyboard={<NumberKeyboard randomOrder={false} confirmText={t('common.ok')} />}
      />
    </div>
  );
}
