// Information tab: news and notices published by operators.
import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { FileOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../components/state-panel.tsx';

export default function NewsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('news');
  return (
    <div className="screen screen--tab" data-testid="screen-news">
      <header className="app-header app-header--title">
        <h1 className="app-header__title">{t('tabs.news')}</h1>
      </header>
      <Tabs activeKey={tab} onChange={setTab} className="news-tabs">
        <Tabs.Tab title={t('news.newsTab')} key="news" />
        <Tabs.Tab title={t('news.noticesTab')} key="notices" />
      </Tabs>
      <main className="screen__body">
        <div className="card" data-testid="news-empty">
          <StatePanel
            icon={tab === 'news' ? <FileOutline /> : <SoundOutline />}
            title={t('news.emptyTitle')}
            body={t('news.emptyBody')}
          />
        </div>
      </main>
    </div>
  );
}
