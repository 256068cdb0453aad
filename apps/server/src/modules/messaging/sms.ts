// Text messages go through an SmsSender. Production uses an HTTP gateway (SMS_GATEWAY_URL,
// a JSON POST with a bearer key, the common shape of SMS APIs); without one, messages
// land in the dev inbox and show on /dev/mail.
import type { DevInbox } from './dev-inbox.ts';

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

export class SmsGatewayError extends Error {}

export function httpSmsGateway(options: {
  url: string;
  apiKey: string;
  sender: string;
  fetch?: typeof fetch;
}): SmsSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(phone, text) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ to: `+86${phone}`, from: options.sender, text }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as {
        status?: string;
        message_id?: string;
        error?: { message?: string };
      };
      if (!response.ok || body.status !== 'queued' || !body.message_id) {
        throw new SmsGatewayError(
          `gateway refused: HTTP ${response.status} ${body.error?.message ?? body.status ?? ''}`.trim(),
        );
      }
    },
  };
}

export function devInboxSms(inbox: DevInbox): SmsSender {
  return {
    async send(phone, text) {
      inbox.add({ channel: 'sms', to: phone, subject: 'SMS', text });
    },
  };
}
