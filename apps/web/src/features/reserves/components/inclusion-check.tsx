// "Verify my inclusion": downloads the investor's leaves, nonce and sibling paths, and in a
// worker recomputes the root step by step, then compares it with the root Olive published
// for the snapshot and with the root anchored on chain (read from the chain by the app).
// A mismatch anywhere is shown loudly, naming the check that failed. The same check runs
// on its own after each new snapshot (run-check.ts); its last result is the badge above.
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatAmount } from '@olive/protocol/money';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api.ts';
import type { PublishedSnapshot } from '../check.ts';
import { checkSnapshot } from '../run-check.ts';
import type { VerifyStep } from '../verify.ts';

/** A time kept left to right inside a sentence of any direction (LRI ... PDI). */
const ltr = (text: string) => `\u2066${text}\u2069`;
const short = (h: string) => (h.length > 20 ? `${h.slice(0, 10)}…${h.slice(-6)}` : h);

export function InclusionCheck({
  snapshotId,
  published,
  signedIn,
  onSignIn,
}: {
  snapshotId: string;
  published: PublishedSnapshot[];
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const { t } = useTranslation();
  const check = useMutation({
    mutationFn: (id: string) => checkSnapshot(id, { quiet: false, published }),
  });
  const result = check.data;

  const run = () => {
    if (!signedIn) return onSignIn();
    check.reset();
    check.mutate(snapshotId);
  };

  const label = (s: VerifyStep) => {
    const [a, b] = s.detail.split(':');
    switch (s.kind) {
      case 'leaf':
        return t('reserves.stepLeaf', {
          part: Number(a) + 1,
          index: b,
          amount: formatAmount(s.sum),
        });
      case 'node':
        return t('reserves.stepNode', {
          level: a,
          side: b === 'left' ? t('reserves.left') : t('reserves.right'),
          sum: formatAmount(s.sum),
        });
      case 'root':
        return s.ok
          ? t('reserves.stepRootOk', { sum: formatAmount(s.sum) })
          : t('reserves.stepRootBad');
      case 'published':
        return s.ok
          ? t('reserves.stepPublishedOk', { id: s.detail })
          : t('reserves.stepPublishedBad', { id: s.detail });
      case 'anchor':
        return s.ok
          ? t('reserves.stepAnchorOk', {
              block: s.detail,
              time: ltr(formatDateTime(result?.anchored_at)),
            })
          : t('reserves.stepAnchorBad', { reason: t(`reserves.fail.${s.detail}`) });
    }
  };

  const verdict = result
    ? result.ok
      ? 'ok'
      : 'bad'
    : check.isError && !(check.error instanceof ApiError)
      ? 'bad'
      : null;

  return (
    <section data-testid="reserves-check">
      <div className="reserves__actions">
        <Button
          block
          color="primary"
          loading={check.isPending}
          onClick={run}
          data-testid="reserves-verify"
        >
          {t('reserves.verify')}
        </Button>
      </div>
      {check.error instanceof ApiError ? (
        <div className="reserves__card" data-testid="reserves-proof-error">
          {check.error.message}
        </div>
      ) : null}
      {verdict ? (
        <div
          className={`reserves__verdict reserves__verdict--${verdict}`}
          role={verdict === 'bad' ? 'alert' : 'status'}
          data-testid={`reserves-verdict-${verdict}`}
          data-failure={result?.failure ?? undefined}
        >
          {result?.ok
            ? t('reserves.verdictOk', { block: result.block ?? '' })
            : t('reserves.verdictBad', {
                reason: t(`reserves.fail.${result?.failure ?? 'proof'}`),
              })}
        </div>
      ) : null}
      {result?.steps.length ? (
        <ol className="reserves__steps" data-testid="reserves-steps">
          {result.steps.map((s, i) => (
            <li
              key={i}
              className={`reserves__step${s.ok === false ? ' reserves__step--bad' : ''}`}
              data-step={s.kind}
            >
              <div>{label(s)}</div>
              {s.hash ? <div className="reserves__hash">{short(s.hash)}</div> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
