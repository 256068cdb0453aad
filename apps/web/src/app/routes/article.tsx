// pages/public/article: help-centre topics, disclaimer, terms and privacy policy. Operators
// publish these texts per language; until the content feature ships the screen says so.
import { FileOutline } from 'antd-mobile-icons';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

const titles: Record<string, string> = {
  disclaimer: 'me.disclaimer',
  privacy: 'me.privacy',
  terms: 'pages.terms',
  helpTopUp: 'home.helpTopUp',
  helpWithdraw: 'home.helpWithdraw',
  helpRobots: 'home.helpRobots',
  helpFees: 'home.helpFees',
};

export default function ArticleScreen() {
  const { t } = useTranslation();
  const search: { key?: unknown } = useSearch({ strict: false });
  const titleKey = typeof search.key === 'string' ? titles[search.key] : undefined;
  return (
    <ComingSoon
      title={t(titleKey ?? 'pages.article')}
      body={t('soon.articleBody')}
      icon={<FileOutline />}
    />
  );
}
