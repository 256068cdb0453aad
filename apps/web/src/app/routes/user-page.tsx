// pages/public/userpage: the terms of use (or another page by ?key=), where registration's
// "agree" link and the Me menu lead.
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useArticle } from '../../features/content/api/get-article.ts';
import { ArticleView } from '../../features/content/components/article-view.tsx';

export default function UserPageScreen() {
  const { t } = useTranslation();
  const search: { key?: unknown } = useSearch({ strict: false });
  const key = typeof search.key === 'string' && search.key ? search.key : 'terms';
  const query = useArticle(key);
  return (
    <div className="screen" data-testid="screen-userpage">
      <PageHeader title={query.data?.title ?? t('pages.terms')} />
      <main className="screen__body">
        <ArticleView article={query.data} isLoading={query.isLoading} error={query.error} />
      </main>
    </div>
  );
}
