// pages/personal/share: Invite Friends.
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useShare } from '../../features/team/api/team.ts';
import { InviteCard } from '../../features/team/components/invite-card.tsx';

export default function ShareScreen() {
  const { t } = useTranslation();
  const share = useShare();
  return (
    <div className="screen" data-testid="screen-share">
      <PageHeader title={t('pages.invite')} />
      <main className="screen__body">
        {share.data ? <InviteCard share={share.data} /> : <LoadingFallback />}
      </main>
    </div>
  );
}
