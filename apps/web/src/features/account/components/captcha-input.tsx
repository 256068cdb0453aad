// The image code: a text field beside the picture; tapping the picture fetches a new one.
import { Input, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/get-captcha.ts';
import '../auth.css';

export function CaptchaInput({
  value,
  onChange,
  captcha,
  loading,
  onRefresh,
}: {
  value?: string;
  onChange?: (value: string) => void;
  captcha: Captcha | undefined;
  loading: boolean;
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
        ) : (
          <SpinLoading style={{ '--size': '18px' }} />
        )}
      </button>
    </div>
  );
}
