// The 6-digit fund password (registration, its change, withdrawals, saving an address):
// six cells and antd-mobile's number keyboard (a phone's own keyboard would offer
// letters). Cells run left to right in every language, as digits do. The keypad closes
// by itself once the sixth digit is in, uncovering the rest of the form. Its Form.Item
// checks it on blur (and on submit), not at every digit: "Enter 6 digits" is not an error
// while the investor is still typing them (issue 34).
import { useRef } from 'react';
import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { useTranslation } from '../lib/i18n.ts';
import './fund-password-input.css';

export function FundPasswordInput({
  value,
  onChange,
  onBlur,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  /** Given by a Form.Item with validateTrigger="onBlur". */
  onBlur?: () => void;
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
        onBlur={onBlur}
        length={6}
        seperated
        aria-label={t('auth.fundPassword')}
        keyboard={<NumberKeyboard randomOrder={false} confirmText={t('common.ok')} />}
      />
    </div>
  );
}
