// Proof of reserves (issue 16): the latest snapshots with reserves / liabilities, the root
// and its anchoring transaction, the published tree, the last automatic check's badge and
// "Verify my inclusion".
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSignedIn } from '../../lib/session.ts';
import { useReserves } from '../../features/reserves/api/reserves.ts';
import { CheckBadge } from '../../features/reserves/components/check-badge.tsx';
import { InclusionCheck } from '../../features/reserves/components/inclusion-check.tsx';
import {
  SnapshotCard,
  SnapshotHistory,
} from '../../features/reserves/components/snapshot-card.tsx';
import '../../features/reserves/reserves.css';

export default function ReservesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const reserves = useReserves();
  const list = reserves.data?.list ?? [];
  const latest = list[0];

  return (
    <div className="screen" data-testid="screen-reserves">
      <PageHeader title={t('reserves.title')} />
      {reserves.isPending ? (
        <LoadingFallback />
      ) : !latest ? (
        <main className="screen__body">
          <div className="reserves__card">{t('reserves.none')}</div>
        </main>
      ) : (
        <main className="screen__body">
          <SnapshotCard snapshot={latest} />
          {signedIn ? <CheckBadge /> : null}
          <InclusionCheck
            snapshotId={latest.snapshot_id}
            published={list}
            signedIn={signedIn}
            onSignIn={() => void navigate({ to: paths.login })}
          />
          <SnapshotHistory snapshots={list.slice(1)} />
        </main>
      )}
    </div>
  );
}
