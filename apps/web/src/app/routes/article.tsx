// pages/public/article: a help-centre article, a legal page (?key=), or a notice or news
// item (?kind=notice|news&id=). Text in the reader's language, else English.
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useArticle } from '../../features/content/api/get-article.ts';
import { useFeedItem } from '../../features/content/api/get-feed.ts';
import { ArticleView } from '../../features/content/components/article-view.tsx';

const pageTitles: Record<string, string> = {
  about: 'me.about',
  disclaimer: 'me.disclaimer',
  privacy: 'me.privacy',
  terms: 'pages.terms',
};

export default function ArticleScreen() {
  const { t } = useTranslation();
  const search: { key?: unknown; kind?: unknown } = useSearch({ strict: false });
  const kind = search.kind === 'notice' || search.kind === 'news' ? search.kind : null;
  const id = useIdParam();
  const key = !kind && typeof search.key === 'string' ? search.key : '';
  const byKey = useArticle(key);
  const byId = useFeedItem(kind ?? 'news', kind ? id : '');
  const query = kind ? byId : byKey;
  const title =
    (key && pageTitles[key] ? t(pageTitles[key]) : query.data?.title) ??
    t(kind === 'notice' ? 'pages.notices' : 'pages.article');
  return (
    <div className="screen" data-testid="screen-article">
      <PageHeader title={title} />
      <main className="screen__body">
        <ArticleView article={query.data} isLoading={query.isLoading} error={query.error} />
      </main>
    </div>
  );
}
