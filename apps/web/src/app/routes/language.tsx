// pages/setting/language: pick one of the 16 interface languages. A signed-in investor's
// choice is also saved on the account, so mails and messages follow it.
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { LanguageList } from '../../features/language/components/language-list.tsx';
import { useSetAccountLanguage } from '../../features/account/api/update-profile.ts';
import { useSignedIn } from '../../lib/session.ts';
import '../../components/section.css';
import '../../features/language/language.css';

export default function LanguageScreen() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const saveOnAccount = useSetAccountLanguage();
  return (
    <div className="screen screen--language" data-testid="screen-language">
      <PageHeader title={t('language.title')} />
      <main className="screen__body">
        <p className="section__hint">{t('language.hint')}</p>
        <LanguageList
          onChanged={(language) => {
            if (signedIn) saveOnAccount.mutate(language);
          }}
        />
      </main>
    </div>
  );
}
