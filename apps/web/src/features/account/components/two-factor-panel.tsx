// Two-factor in the security centre: off -> a secret as a QR code (otpauth://) and as
// text, the first code turns it on and shows the 10 recovery codes once; on -> a code
// (or a recovery code) turns it off.
import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useNewSecret, useSecurityInfo, useTwoFactorOff, useTwoFactorOn } from '../api/security.ts';
import '../security.css';

export function TwoFactorPanel() {
  const { t } = useTranslation();
  const info = useSecurityInfo();
  const newSecret = useNewSecret();
  const on = useTwoFactorOn();
  const off = useTwoFactorOff();
  const [otp, setOtp] = useState('');
  const [recovery, setRecovery] = useState<string[]>([]);
  const enabled = info.data?.two_factor ?? false;

  if (recovery.length > 0) {
    return (
      <section className="card security-card" data-testid="twofactor-recovery">
        <h2 className="security-card__title">{t('accountSecurity.recoveryTitle')}</h2>
        <p className="security-card__text">{t('accountSecurity.recoveryHint')}</p>
        <ol className="recovery-codes" dir="ltr">
          {recovery.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <Button
          block
          shape="rounded"
          color="primary"
          onClick={() => setRecovery([])}
          data-testid="twofactor-done"
        >
          {t('accountSecurity.recoverySaved')}
        </Button>
      </section>
    );
  }

  if (enabled) {
    return (
      <section className="card security-card" data-testid="twofactor-on">
        <h2 className="security-card__title">{t('accountSecurity.twoFactorOn')}</h2>
        <p className="security-card__text">
          {t('accountSecurity.recoveryLeft', { n: info.data?.recovery_left ?? 0 })}
        </p>
        <Input
          className="security-card__input"
          value={otp}
          onChange={setOtp}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder={t('accountSecurity.otpPlaceholder')}
          data-testid="twofactor-otp"
        />
        <Button
          block
          shape="rounded"
          fill="outline"
          color="danger"
          loading={off.isPending}
          disabled={!otp.trim()}
          onClick={() =>
            off.mutate(otp.trim(), {
              onSuccess: (reply) => {
                toastSuccess(reply.msg);
                setOtp('');
              },
            })
          }
          data-testid="twofactor-disable"
        >
          {t('accountSecurity.turnOff')}
        </Button>
      </section>
    );
  }

  const secret = newSecret.data;
  return (
    <section className="card security-card" data-testid="twofactor-off">
      <h2 className="security-card__title">{t('accountSecurity.twoFactorOff')}</h2>
      <p className="security-card__text">{t('accountSecurity.twoFactorIntro')}</p>
      {secret ? (
        <>
          <div className="security-qr">
            <QRCodeSVG
              value={secret.otpauth_url}
              size={184}
              marginSize={2}
              title={t('accountSecurity.secretText')}
              data-testid="twofactor-qr"
            />
          </div>
          <p className="security-card__text">{t('accountSecurity.secretText')}</p>
          <code className="security-secret" dir="ltr" data-testid="twofactor-secret">
            {secret.secret}
          </code>
          <Input
            className="security-card__input"
            value={otp}
            onChange={(next) => setOtp(next.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('accountSecurity.otpPlaceholder')}
            data-testid="twofactor-otp"
          />
          <Button
            block
            shape="rounded"
            color="primary"
            loading={on.isPending}
            disabled={otp.length !== 6}
            onClick={() =>
              on.mutate(otp, {
                onSuccess: (reply) => {
                  toastSuccess(reply.msg);
                  setOtp('');
                  setRecovery(reply.data?.recovery_codes ?? []);
                },
              })
            }
            data-testid="twofactor-enable"
          >
            {t('accountSecurity.turnOn')}
          </Button>
        </>
      ) : (
        <Button
          block
          shape="rounded"
          color="primary"
          loading={newSecret.isPending}
          onClick={() => newSecret.mutate()}
          data-testid="twofactor-start"
        >
          {t('accountSecurity.setUp')}
        </Button>
      )}
    </section>
  );
}
