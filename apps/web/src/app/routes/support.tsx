// pages/personal/kefu: Contact Us. Customer-service groups and people, each a link with
// working hours; an app link that cannot open shows the spec's message.
import { DotLoading } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatePanel } from '../../components/state-panel.tsx';
import { useContacts } from '../../features/content/api/get-contacts.ts';
import { ContactList } from '../../features/content/components/contact-list.tsx';
import '../../components/section.css';

export default function SupportScreen() {
  const { t } = useTranslation();
  const contacts = useContacts();
  const list = contacts.data ?? [];
  const groups = list.filter((c) => c.kind === 'group');
  const people = list.filter((c) => c.kind === 'person');
  return (
    <div className="screen" data-testid="screen-support">
      <PageHeader title={t('pages.support')} />
      <main className="screen__body">
        <p className="section__hint">{t('content.supportIntro')}</p>
        {contacts.isLoading ? (
          <div className="content-loading">
            <DotLoading color="primary" />
          </div>
        ) : list.length === 0 ? (
          <div className="card">
            <StatePanel
              icon={<MessageOutline />}
              title={t('content.noContactsTitle')}
              body={t('content.noContactsBody')}
            />
          </div>
        ) : (
          <>
            {groups.length > 0 ? (
              <section className="section">
                <h2 className="section__title">{t('content.groups')}</h2>
                <ContactList contacts={groups} />
              </section>
            ) : null}
            {people.length > 0 ? (
              <section className="section">
                <h2 className="section__title">{t('content.people')}</h2>
                <ContactList contacts={people} />
              </section>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
