// Customer-service contacts: a group or a person, each a link with its working hours.
// Web and mail links are plain links; an app link (tg://, whatsapp://) is opened and, if
// the page is still in front a moment later, the app is not installed: the spec's message.
import { Fragment, type ReactNode } from 'react';
import {
  GlobalOutline,
  MailOutline,
  MessageOutline,
  PhoneFill,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { Toast } from '../../../lib/overlays.ts';
import type { SupportContact } from '../api/get-contacts.ts';
import '../content.css';

const APP_OPEN_WAIT_MS = 1500;

const channelIcon: Record<string, ReactNode> = {
  email: <MailOutline />,
  phone: <PhoneFill />,
  web: <GlobalOutline />,
};

const ADDRESS = /([^\s@]+@[^\s@]+\.[^\s@]+)/;

/**
 * A label with any e-mail address in it kept whole (issue 34): the address is isolated
 * left to right and may wrap only after its "@" or before a ".", never mid-word.
 */
export function ContactLabel({ text }: { text: string }) {
  return (
    <>
      {text.split(ADDRESS).map((part, i) =>
        i % 2 === 1 ? (
          <bdi key={i} dir="ltr" className="contact__address">
            {part.split(/(?<=@)|(?=\.)/).map((piece, j) => (
              <Fragment key={j}>
                {j > 0 ? <wbr /> : null}
                {piece}
              </Fragment>
            ))}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}

export const isAppLink = (url: string) => !/^(https?:|mailto:|tel:)/i.test(url);

/** Opens an app link and reports whether the app took over (the page lost focus). */
export function openAppLink(url: string, wait = APP_OPEN_WAIT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    let left = false;
    const away = () => {
      if (document.visibilityState === 'hidden' || !document.hasFocus()) left = true;
    };
    document.addEventListener('visibilitychange', away);
    window.addEventListener('blur', away);
    window.setTimeout(() => {
      document.removeEventListener('visibilitychange', away);
      window.removeEventListener('blur', away);
      resolve(left);
    }, wait);
    try {
      window.location.href = url;
    } catch {
      // A scheme the browser refuses outright: the page stays, the message shows.
    }
  });
}

export function ContactList({ contacts }: { contacts: SupportContact[] }) {
  const { t } = useTranslation();
  return (
    <ul className="contact-list" data-testid="contact-list">
      {contacts.map((contact) => {
        const icon = channelIcon[contact.channel] ?? <MessageOutline />;
        const inner = (
          <>
            <span className="contact__icon" aria-hidden="true">
              {icon}
            </span>
            <span className="contact__text">
              <bdi className="contact__label" data-testid="contact-label">
                <ContactLabel text={contact.label} />
              </bdi>
              <span className="contact__meta">
                <span className="contact__kind">
                  {contact.kind === 'group' ? <TeamOutline /> : <UserOutline />}{' '}
                  {t(contact.kind === 'group' ? 'content.group' : 'content.person')}
                  {' · '}
                  {t(`content.channel.${contact.channel}`, { defaultValue: contact.channel })}
                </span>
                {contact.hours ? <span className="contact__hours">{contact.hours}</span> : null}
              </span>
            </span>
            <span className="contact__open">{t('content.open')}</span>
          </>
        );
        return (
          <li key={contact.id}>
            {isAppLink(contact.url) ? (
              <button
                type="button"
                className="contact"
                data-testid="contact"
                data-url={contact.url}
                onClick={() =>
                  void openAppLink(contact.url).then((opened) => {
                    if (!opened)
                      Toast.show({
                        icon: 'fail',
                        content: t('content.appMissing'),
                        duration: 3000,
                      });
                  })
                }
              >
                {inner}
              </button>
            ) : (
              <a
                className="contact"
                data-testid="contact"
                href={contact.url}
                target={/^https?:/i.test(contact.url) ? '_blank' : undefined}
                rel="noopener noreferrer"
              >
                {inner}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
