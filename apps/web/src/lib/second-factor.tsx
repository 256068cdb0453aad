// The second step of a protected action (withdrawal, saving an address, changing a
// password) once two-factor sign-in is on: the server refuses the call with
// `data.field === 'otp'`, this dialog asks for the authenticator code (or a recovery
// code) and the same call is sent again with it. A wrong code asks again with the
// server's message; Cancel gives the original refusal back to the caller.
import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from './i18n.ts';
import { failureData } from './api.ts';
import { Modal } from './overlays.ts';
import './second-factor.css';

function OtpPrompt({
  message,
  onDone,
}: {
  message?: string | undefined;
  onDone: (otp: string | null) => void;
}) {
  const { t } = useTranslation();
  const [otp, setOtp] = useState('');
  const ready = otp.trim().length >= 6;
  return (
    <form
      className="otp-prompt"
      data-testid="otp-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onDone(otp.trim());
      }}
    >
      <p className="otp-prompt__hint" role="status">
        {message ?? t('accountSecurity.otpAsk')}
      </p>
      <Input
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={otp}
        onChange={setOtp}
        placeholder={t('accountSecurity.otpPlaceholder')}
        aria-label={t('accountSecurity.otp')}
        data-testid="otp-prompt-input"
      />
      <div className="otp-prompt__actions">
        <Button fill="outline" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
        <Button color="primary" type="submit" disabled={!ready} data-testid="otp-prompt-submit">
          {t('common.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Asks for a code; resolves to it, or to null when the investor cancels. */
export function askSecondFactor(title: string, message?: string): Promise<string | null> {
  return new Promise((resolve) => {
    const handler = Modal.show({
      title,
      content: (
        <OtpPrompt
          message={message}
          onDone={(otp) => {
            handler.close();
            resolve(otp);
          }}
        />
      ),
      closeOnMaskClick: false,
    });
  });
}

/**
 * Wraps a call that may need the second factor: sent once as is; while the server asks
 * for (or refuses) the code, the investor is asked and the call is sent again with `otp`.
 */
export function withSecondFactor<I extends object, R>(
  call: (input: I & { otp?: string }) => Promise<R>,
  title: () => string,
): (input: I) => Promise<R> {
  return async (input) => {
    try {
      return await call(input);
    } catch (first) {
      let refusal = first;
      while (failureData(refusal).field === 'otp') {
        const otp = await askSecondFactor(
          title(),
          refusal instanceof Error ? refusal.message : undefined,
        );
        if (otp === null) throw first;
        try {
          return await call({ ...input, otp });
        } catch (again) {
          refusal = again;
        }
      }
      throw refusal;
    }
  };
}
