// pages/personal/notice: the operator's notices; opening it clears the unread badge.
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { FeedList } from '../../features/content/components/feed-list.tsx';

export default function NoticesScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-notices">
      <PageHeader title={t('pages.notices')} />
      <main className="screen__body">
        <FeedList kind="notice" />
      </main>
    </div>
  );
}
