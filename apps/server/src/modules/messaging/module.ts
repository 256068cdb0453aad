// The messaging module's one entry point: the mailer and the SMS sender, each the
// configured one, else the embedded dev inbox; and the dev inbox's page, which is served
// only outside production.
import type { Config } from '../../config.ts';
import type { DevInbox } from './dev-inbox.ts';
import { smtpMailer, type Mailer } from './mailer.ts';
import { devMailRoutes } from './routes.ts';
import { devInboxSms, httpSmsGateway, type SmsSender } from './sms.ts';

export function messagingModule(deps: {
  config: Pick<
    Config,
    'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_KEY' | 'SMS_SENDER' | 'NODE_ENV'
  >;
  devInbox?: DevInbox | null;
  mailer?: Mailer;
  sms?: SmsSender;
}) {
  const { config, devInbox } = deps;
  const mailer = deps.mailer ?? smtpMailer(mailUrl(config, devInbox), config.MAIL_FROM);
  const sms =
    deps.sms ??
    (config.SMS_GATEWAY_URL
      ? httpSmsGateway({
          url: config.SMS_GATEWAY_URL,
          apiKey: config.SMS_GATEWAY_KEY,
          sender: config.SMS_SENDER,
        })
      : devInbox
        ? devInboxSms(devInbox)
        : { send: async () => Promise.reject(new Error('no SMS gateway configured')) });
  return {
    mailer,
    sms,
    /** The dev inbox's page, or null: never in production, and only with the inbox. */
    inbox: devInbox && config.NODE_ENV !== 'production' ? devInbox : null,
    routes: devMailRoutes,
  };
}

function mailUrl(config: Pick<Config, 'SMTP_URL'>, devInbox: DevInbox | null | undefined) {
  if (config.SMTP_URL) return config.SMTP_URL;
  if (devInbox) return `smtp://127.0.0.1:${devInbox.port}`;
  throw new Error('SMTP_URL is not set and no dev inbox runs');
}

export type MessagingModule = ReturnType<typeof messagingModule>;
