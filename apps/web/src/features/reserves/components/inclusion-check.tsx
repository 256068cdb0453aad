// "Verify my inclusion": downloads the investor's leaves, nonce and sibling paths and
// recomputes the root here, in the browser, step by step; a mismatch is shown loudly.
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@olive/protocol';
import { useInclusionProof } from '../api/reserves.ts';
import { verifyInclusion, type VerifyStep } from '../verify.ts';

const short = (h: string) => `${h.slice(0, 10)}…${h.slice(-6)}`;

export function InclusionCheck({
  snapshotId,
  signedIn,
  onSignIn,
}: {
  snapshotId: string;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const { t } = useTranslation();
  const proof = useInclusionProof();
  const [steps, setSteps] = useState<VerifyStep[]>([]);
  const [verdict, setVerdict] = useState<'ok' | 'bad' | null>(null);

  const run = async () => {
    if (!signedIn) return onSignIn();
    setSteps([]);
    setVerdict(null);
    try {
      const data = await proof.mutateAsync(snapshotId);
      const seen: VerifyStep[] = [];
      const ok = await verifyInclusion(data, (s) => seen.push(s));
      setSteps(seen);
      setVerdict(ok ? 'ok' : 'bad');
    } catch {
      if (!proof.isError) setVerdict('bad');
    }
  };

  const label = (s: VerifyStep) => {
    const [a, b] = s.detail.split(':');
    if (s.kind === 'leaf')
      return t('reserves.stepLeaf', { part: Number(a) + 1, index: b, amount: formatAmount(s.sum) });
    if (s.kind === 'node')
      return t('reserves.stepNode', {
        level: a,
        side: b === 'left' ? t('reserves.left') : t('reserves.right'),
        sum: formatAmount(s.sum),
      });
    return s.ok ? t('reserves.stepRootOk') : t('reserves.stepRootBad');
  };

  return (
    <section data-testid="reserves-check">
      <div className="reserves__actions">
        <Button
          block
          color="primary"
          loading={proof.isPending}
          onClick={() => void run()}
          data-testid="reserves-verify"
        >
          {t('reserves.verify')}
        </Button>
      </div>
      {proof.isError ? (
        <div className="reserves__card" data-testid="reserves-proof-error">
          {(proof.error as Error).message}
        </div>
      ) : null}
      {verdict ? (
        <div
          className={`reserves__verdict reserves__verdict--${verdict}`}
          role={verdict === 'bad' ? 'alert' : 'status'}
          data-testid={`reserves-verdict-${verdict}`}
        >
          {verdict === 'ok' ? t('reserves.verdictOk') : t('reserves.verdictBad')}
        </div>
      ) : null}
      {steps.length ? (
        <ol className="reserves__steps" data-testid="reserves-steps">
          {steps.map((s, i) => (
            <li key={i} className={`reserves__step${s.ok === false ? ' reserves__step--bad' : ''}`}>
              <div>{label(s)}</div>
              <div className="reserves__hash">
                {s.kind === 'root' ? `${short(s.hash)} / ${short(s.detail)}` : short(s.hash)}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
