// A paged list of notices or news; a row opens the article page for that item.
import { InfiniteScroll } from 'antd-mobile';
import { FileOutline, SoundOutline } from 'antd-mobile-icons';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useFeed, type FeedKind } from '../api/get-feed.ts';
import '../content.css';

export function FeedList({ kind }: { kind: FeedKind }) {
  const { t } = useTranslation();
  const feed = useFeed(kind);
  const items = feed.data?.pages.flatMap((p) => p.list) ?? [];
  if (feed.isSuccess && items.length === 0) {
    return (
      <div className="card" data-testid="news-empty">
        <StatePanel
          icon={kind === 'news' ? <FileOutline /> : <SoundOutline />}
          title={t('news.emptyTitle')}
          body={t('news.emptyBody')}
        />
      </div>
    );
  }
  return (
    <>
      <ul className="feed" data-testid={`feed-${kind}`}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={paths.article}
              search={{ kind, id: item.id }}
              className="feed__row"
              data-testid="feed-row"
            >
              {item.cover ? <img className="feed__cover" src={item.cover} alt="" /> : null}
              <div className="feed__text">
                <div className="feed__title">
                  {item.pinned ? (
                    <span className="badge badge--olive">{t('content.pinned')}</span>
                  ) : null}
                  <bdi>{item.title}</bdi>
                </div>
                {item.summary ? (
                  <p className="feed__summary" dir="auto">
                    {item.summary}
                  </p>
                ) : null}
                <time className="feed__date" dateTime={item.published_at} dir="ltr">
                  {formatDate(item.published_at)}
                </time>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <InfiniteScroll
        loadMore={async () => {
          await feed.fetchNextPage();
        }}
        hasMore={feed.hasNextPage}
      >
        {feed.hasNextPage ? t('common.loading') : items.length > 0 ? t('content.end') : ''}
      </InfiniteScroll>
    </>
  );
}
