// The 6-digit code field with its "Send code" button, which counts down the 60 s before
// another code may be asked for.
import { Button, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import '../auth.css';

export function CodeInput({
  value,
  onChange,
  onSend,
  sending,
  secondsLeft,
}: {
  value?: string;
  onChange?: (value: string) => void;
  onSend: () => void;
  sending: boolean;
  secondsLeft: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="field-row">
      <Input
        className="field-row__input"
        value={value}
        onChange={(next) => onChange?.(next.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('auth.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        data-testid="code-input"
      />
      <Button
        size="small"
        shape="rounded"
        fill="outline"
        color="primary"
        className="send-code"
        loading={sending}
        disabled={secondsLeft > 0}
        onClick={onSend}
        data-testid="send-code"
      >
        {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
      </Button>
    </div>
  );
}
