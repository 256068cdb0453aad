// pages/setting/language: pick one of the 16 interface languages.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { LanguageList } from '../../features/language/components/language-list.tsx';

export default function LanguageScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--language" data-testid="screen-language">
      <PageHeader title={t('language.title')} />
      <main className="screen__body">
        <p className="section__hint">{t('language.hint')}</p>
        <LanguageList />
      </main>
    </div>
  );
}
