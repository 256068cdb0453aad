// One article, notice or news item: title, date, cover and the sanitised body, with the
// loading, missing and error states.
import { DotLoading } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ContentArticle } from '../api/get-article.ts';
import { ArticleBody } from './article-body.tsx';
import '../content.css';

export function ArticleView({
  article,
  isLoading,
  error,
  showTitle = true,
}: {
  article: ContentArticle | undefined;
  isLoading: boolean;
  error: unknown;
  showTitle?: boolean;
}) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div className="content-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (!article) {
    return (
      <div className="card" data-testid="article-missing">
        <StatePanel
          icon={<FileOutline />}
          title={t('content.missingTitle')}
          body={error instanceof Error && error.message ? error.message : t('content.missingBody')}
        />
      </div>
    );
  }
  return (
    <article
      className="card content-article"
      data-testid="article"
      lang={article.lang.replace('_', '-')}
    >
      {article.cover ? <img className="content-article__cover" src={article.cover} alt="" /> : null}
      {showTitle ? (
        <h1 className="content-article__title" dir="auto">
          {article.title}
        </h1>
      ) : null}
      <time className="content-article__date" dateTime={article.published_at} dir="ltr">
        {formatDate(article.published_at)}
      </time>
      <ArticleBody html={article.body_html} />
    </article>
  );
}
