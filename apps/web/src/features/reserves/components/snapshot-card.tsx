// A published snapshot on the reserves screen: the ratio (red below 100%), reserves and
// liabilities, when it was taken, each network's share, the root and its anchoring
// transaction, and the published tree to download. `SnapshotHistory` lists the older ones.
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ReserveSnapshot } from '../api/reserves.ts';
import '../reserves.css';

export function SnapshotCard({ snapshot }: { snapshot: ReserveSnapshot }) {
  const { t } = useTranslation();
  return (
    <div className="reserves__card" data-testid="reserves-latest">
      <div className="reserves__row">{t('reserves.ratio')}</div>
      <div
        className={`reserves__ratio${snapshot.ratio !== null && Number(snapshot.ratio) < 100 ? ' reserves__ratio--low' : ''}`}
        data-testid="reserves-ratio"
      >
        {snapshot.ratio === null ? '—' : `${snapshot.ratio}%`}
      </div>
      <div className="reserves__row">
        <span>{t('reserves.reserves')}</span>
        <b dir="ltr">{snapshot.reserves ?? '—'} USDT</b>
      </div>
      <div className="reserves__row">
        <span>{t('reserves.liabilities')}</span>
        <b dir="ltr">{snapshot.liabilities} USDT</b>
      </div>
      <div className="reserves__row">
        <span>{t('reserves.takenAt')}</span>
        <b>{formatDate(snapshot.taken_at)}</b>
      </div>
      {snapshot.networks.map((n) => (
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
        {snapshot.root}
      </div>
      {snapshot.anchor_tx ? (
        <>
          <div className="reserves__row">{t('reserves.anchor')}</div>
          <a
            className="reserves__hash"
            href={`/api/main/reservesanchor?snapshot_id=${snapshot.snapshot_id}`}
            target="_blank"
            rel="noreferrer"
            data-testid="reserves-anchor"
          >
            {snapshot.anchor_tx}
          </a>
        </>
      ) : null}
      <div className="reserves__row">
        <a href={snapshot.file} download className="reserves__file" data-testid="reserves-file">
          {t('reserves.download')}
        </a>
      </div>
    </div>
  );
}

/** The older snapshots' ratios, newest first; nothing when there are none. */
export function SnapshotHistory({ snapshots }: { snapshots: ReserveSnapshot[] }) {
  const { t } = useTranslation();
  if (snapshots.length === 0) return null;
  return (
    <div className="reserves__card">
      <div className="reserves__row">{t('reserves.history')}</div>
      {snapshots.map((s) => (
        <div className="reserves__row" key={s.snapshot_id}>
          <span>{formatDate(s.taken_at)}</span>
          <b dir="ltr">{s.ratio === null ? '—' : `${s.ratio}%`}</b>
        </div>
      ))}
    </div>
  );
}
