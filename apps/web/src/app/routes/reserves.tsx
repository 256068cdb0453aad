// Proof of reserves (issue 16): the latest snapshots with reserves / liabilities, the root
// and its anchoring transaction, the published tree, the last automatic check's badge and
// "Verify my inclusion".
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDate } from '../../lib/format.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useReserves } from '../../features/reserves/api/reserves.ts';
import { CheckBadge } from '../../features/reserves/components/check-badge.tsx';
import { InclusionCheck } from '../../features/reserves/components/inclusion-check.tsx';
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
          <div className="reserves__card" data-testid="reserves-latest">
            <div className="reserves__row">{t('reserves.ratio')}</div>
            <div
              className={`reserves__ratio${latest.ratio !== null && Number(latest.ratio) < 100 ? ' reserves__ratio--low' : ''}`}
              data-testid="reserves-ratio"
            >
              {latest.ratio === null ? '—' : `${latest.ratio}%`}
            </div>
            <div className="reserves__row">
              <span>{t('reserves.reserves')}</span>
              <b dir="ltr">{latest.reserves ?? '—'} USDT</b>
            </div>
            <div className="reserves__row">
              <span>{t('reserves.liabilities')}</span>
              <b dir="ltr">{latest.liabilities} USDT</b>
            </div>
            <div className="reserves__row">
              <span>{t('reserves.takenAt')}</span>
              <b>{formatDate(latest.taken_at)}</b>
            </div>
            {latest.networks.map((n) => (
              <div className="reserves__row" key={n.network}>
                <span>{n.network.toUpperCase()}</span>
                <b dir="ltr">
                  {n.reserves} / {n.custody}
                  {n.ratio ? ` (${n.ratio}%)` : ''}
                </b>
              </div>
            ))}
            <div className="reserves__row">{t('reserves.root')}</div>
            <div className="reserves__hash" data-testid="reserves-root">
              {latest.root}
            </div>
            {latest.anchor_tx ? (
              <>
                <div className="reserves__row">{t('reserves.anchor')}</div>
                <a
                  className="reserves__hash"
                  href={`/api/main/reservesanchor?snapshot_id=${latest.snapshot_id}`}
                  target="_blank"
                  rel="noreferrer"
                  data-testid="reserves-anchor"
                >
                  {latest.anchor_tx}
                </a>
              </>
            ) : null}
            <div className="reserves__row">
              <a href={latest.file} download className="reserves__file" data-testid="reserves-file">
                {t('reserves.download')}
              </a>
            </div>
          </div>
          {signedIn ? <CheckBadge /> : null}
          <InclusionCheck
            snapshotId={latest.snapshot_id}
            published={list}
            signedIn={signedIn}
            onSignIn={() => void navigate({ to: paths.login })}
          />
          {list.length > 1 ? (
            <div className="reserves__card">
              <div className="reserves__row">{t('reserves.history')}</div>
              {list.slice(1).map((s) => (
                <div className="reserves__row" key={s.snapshot_id}>
                  <span>{formatDate(s.taken_at)}</span>
                  <b dir="ltr">{s.ratio === null ? '—' : `${s.ratio}%`}</b>
                </div>
              ))}
            </div>
          ) : null}
        </main>
      )}
    </div>
  );
}
