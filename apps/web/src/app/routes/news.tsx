// Information tab: news and notices published by operators, newest first, pinned on top.
import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from '../../lib/i18n.ts';
import { FeedList } from '../../features/content/components/feed-list.tsx';
import '../../features/content/content.css';

export default function NewsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'news' | 'notice'>('news');
  return (
    <div className="screen screen--tab" data-testid="screen-news">
      <header className="app-header app-header--title">
        <h1 className="app-header__title">{t('tabs.news')}</h1>
      </header>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'notice' ? 'notice' : 'news')}
        className="news-tabs"
      >
        <Tabs.Tab title={t('news.newsTab')} key="news" />
        <Tabs.Tab title={t('news.noticesTab')} key="notice" />
      </Tabs>
      <main className="screen__body">
        <FeedList key={tab} kind={tab} />
      </main>
    </div>
  );
}
