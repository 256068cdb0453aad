// pages/public/about: what Olive is and its one rule (PRODUCT.md).
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@olive/protocol';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export default function AboutScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-about">
      <PageHeader title={t('me.about')} />
      <main className="screen__body">
        <div className="login-brand">
          <BrandMark size={72} />
          <div className="login-brand__name">Olive</div>
          <div className="login-brand__tagline">
            {t('common.version', { version: APP_VERSION })}
          </div>
        </div>
        <article className="card prose">
          <h2>{t('about.title')}</h2>
          <p>{t('about.p1')}</p>
          <p>{t('about.p2')}</p>
          <p>{t('about.p3')}</p>
        </article>
      </main>
    </div>
  );
}
