// The image code: a text field beside the picture; tapping the picture fetches a new one
// (or tries again, when the last request failed).
import { Input, SpinLoading } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Captcha } from '../api/get-captcha.ts';
import '../auth.css';

export function CaptchaInput({
  value,
  onChange,
  captcha,
  loading,
  failed = false,
  onRefresh,
}: {
  value?: string;
  onChange?: (value: string) => void;
  captcha: Captcha | undefined;
  loading: boolean;
  /** The picture's request failed: a retry mark instead of a spinner that never ends. */
  failed?: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field-row">
      <Input
        className="field-row__input"
        value={value}
        onChange={onChange}
        placeholder={t('auth.captchaPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={10}
        data-testid="captcha-input"
      />
      <button
        type="button"
        className="captcha-image"
        onClick={onRefresh}
        aria-label={t('auth.captchaAlt')}
        title={t('auth.captchaRefresh')}
        data-testid="captcha-refresh"
      >
        {captcha && !loading ? (
          <img src={captcha.image} alt="" data-captcha-id={captcha.captcha_id} />
        ) : failed ? (
          <RedoOutline fontSize={20} data-testid="captcha-failed" />
        ) : (
          <SpinLoading style={{ '--size': '18px' }} />
        )}
      </button>
    </div>
  );
}
