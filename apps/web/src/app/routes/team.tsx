// pages/personal/teamUser: My Team.
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TeamView } from '../../features/team/components/team-view.tsx';

export default function TeamScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-team">
      <PageHeader title={t('pages.team')} />
      <main className="screen__body">
        <TeamView />
      </main>
    </div>
  );
}
