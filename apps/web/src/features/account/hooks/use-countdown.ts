// The resend wait of the code buttons: the server accepts a new code for the same account
// after 60 s, so the button counts down instead of letting a person hit that refusal.
import { useCallback, useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

/** `startedAt` resumes a countdown begun earlier (a form kept across screens). */
export function useCountdown(seconds = RESEND_SECONDS, startedAt = 0) {
  const [endsAt, setEndsAt] = useState(() => (startedAt ? startedAt + seconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [endsAt, now]);

  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, [seconds]);

  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { left, running: left > 0, start };
}
