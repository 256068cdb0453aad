// pages/public/about: the operator's "about us" article (per language, English fallback)
// under the brand and version.
import { useTranslation } from '../../lib/i18n.ts';
import { APP_VERSION } from '@olive/protocol/app';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useArticle } from '../../features/content/api/get-article.ts';
import { ArticleView } from '../../features/content/components/article-view.tsx';
import '../../features/content/content.css';

export default function AboutScreen() {
  const { t } = useTranslation();
  const about = useArticle('about');
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
        <ArticleView
          article={about.data}
          isLoading={about.isLoading}
          error={about.error}
          showTitle={false}
        />
      </main>
    </div>
  );
}
