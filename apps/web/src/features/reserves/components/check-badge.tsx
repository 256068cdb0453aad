// The last inclusion check's result, small, on Me and on the reserves screen: "Checked on
// <date>: included, root anchored in block N", or a plain failure that leads to the
// reserves screen (where "Verify my inclusion" shows each step).
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/format.ts';
import { getUserId } from '../../../lib/session.ts';
import { latestIn, storedChecksText, subscribeChecks } from '../check-store.ts';
import '../reserves.css';

/** A date kept left to right inside a sentence of any direction (LRI ... PDI). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * `onOpen`: the badge is a button that leads there (on Me). `showAbsent`: also say that the
 * investor is not in the last snapshot; off on Me, where a new investor (registered after
 * it) would read it first thing, and the reserves screen says it.
 */
export function CheckBadge({
  onOpen,
  showAbsent = true,
}: {
  onOpen?: () => void;
  showAbsent?: boolean;
}) {
  const { t } = useTranslation();
  const userId = getUserId();
  // Subscribed to the stored text: the badge redraws when a check (here or in another tab)
  // stores a result. Nothing is stored while the page is drawn at build time.
  // Read through the snapshot, so that a screen hydrated over its drawing (decision 205)
  // first renders what the drawing shows (no check), then the stored one.
  const stored = useSyncExternalStore(
    subscribeChecks,
    () => (userId ? storedChecksText(userId) : null),
    () => null,
  );
  // Parsed from the text the snapshot read, once per change of it (not read again).
  const check = useMemo(() => latestIn(stored), [stored]);
  if (!check) return null;
  const state = check.ok ? 'ok' : check.failure === 'not_included' ? 'absent' : 'bad';
  if (state === 'absent' && !showAbsent) return null;
  const date = ltr(formatDate(check.ok ? check.checked_at : check.taken_at || check.checked_at));
  const text =
    state === 'ok'
      ? t('reserves.badgeOk', { date, block: check.block ?? '' })
      : state === 'absent'
        ? t('reserves.badgeAbsent', { date })
        : t('reserves.badgeBad', {
            date: ltr(formatDate(check.checked_at)),
            reason: t(`reserves.fail.${check.failure ?? 'proof'}`),
          });
  const className = `reserves__badge reserves__badge--${state}`;
  return onOpen ? (
    <button
      type="button"
      className={className}
      onClick={onOpen}
      data-testid={`reserves-badge-${state}`}
    >
      {text}
    </button>
  ) : (
    <div
      className={className}
      role={state === 'bad' ? 'alert' : 'status'}
      data-testid={`reserves-badge-${state}`}
    >
      {text}
    </div>
  );
}
