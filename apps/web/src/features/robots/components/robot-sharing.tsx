// Copy trading on the owner's robot screen (issue 32). A copy says whom it copies, the
// share it pays and what it has paid. Any other robot that has not ended can be made
// public with a profit share of 0, 10, 20 or 30% (the share is charged only on a copier's
// profit above their high-water mark), or private again; its owner sees its copiers by
// masked name and the shares they paid.
import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { confirmAction, toastSuccess } from '../../../lib/messages.ts';
import { PROFIT_SHARES, useCopiers, usePublishRobot, type ProfitShare } from '../api/copy-robot.ts';
import type { Robot } from '../api/get-robot.ts';
import './robot-actions.css';
import './robot-sharing.css';

export function RobotSharing({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  const publish = usePublishRobot(robot.robot_id);
  const [share, setShare] = useState<ProfitShare>(
    (PROFIT_SHARES.find((s) => s === String(robot.profit_share_pct)) ?? '10') as ProfitShare,
  );
  const copiers = useCopiers(robot.robot_id, robot.public || robot.copiers > 0);

  if (robot.copied_from !== '') {
    return (
      <section className="card sharing-card" data-testid="robot-copy-terms">
        <h3 className="sharing-card__title">{t('trade.copyOf', { id: robot.copied_from })}</h3>
        <p className="sharing-card__line">
          {t('trade.copyTerms', { share: robot.copy_share_pct })}
        </p>
        <div className="sharing-card__figure">
          <span>{t('trade.sharesPaid')}</span>
          <strong className="amount" dir="ltr" data-testid="robot-shares-paid">
            {formatUsdt(robot.shares_paid)} USDT
          </strong>
        </div>
      </section>
    );
  }

  const run = async (next: ProfitShare | null) => {
    const question =
      next === null ? t('trade.unpublishConfirm') : t('trade.publishConfirm', { share: next });
    if (!(await confirmAction(next === null ? t('trade.unpublish') : t('trade.publish'), question)))
      return;
    publish.mutate(next, { onSuccess: (reply) => toastSuccess(reply.msg) });
  };

  return (
    <section className="card sharing-card" data-testid="robot-sharing">
      <h3 className="sharing-card__title">
        {robot.public
          ? t('trade.publicOn', { share: robot.profit_share_pct })
          : t('trade.publicOff')}
      </h3>
      {robot.status !== 'ended' ? (
        <>
          <p className="sharing-card__line">{t('trade.shareExplain')}</p>
          <Selector
            columns={4}
            value={[share]}
            onChange={(values) => values[0] && setShare(values[0])}
            options={PROFIT_SHARES.map((s) => ({ label: `${s}%`, value: s }))}
            data-testid="share-choice"
          />
          <div className="robot-actions robot-actions--row">
            <Button
              block
              shape="rounded"
              color="primary"
              loading={publish.isPending}
              onClick={() => void run(share)}
              data-testid="robot-publish"
            >
              {robot.public ? t('trade.changeShare') : t('trade.publish')}
            </Button>
            {robot.public ? (
              <Button
                block
                shape="rounded"
                fill="outline"
                disabled={publish.isPending}
                onClick={() => void run(null)}
                data-testid="robot-unpublish"
              >
                {t('trade.unpublish')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      <div className="sharing-card__figure">
        <span>{t('trade.copiers')}</span>
        <strong data-testid="robot-copiers">{robot.copiers}</strong>
      </div>
      <div className="sharing-card__figure">
        <span>{t('trade.sharesEarned')}</span>
        <strong className="amount" dir="ltr" data-testid="robot-shares-earned">
          {formatUsdt(robot.shares_earned)} USDT
        </strong>
      </div>
      {copiers.data && copiers.data.list.length > 0 ? (
        <ul className="copier-list" data-testid="copier-list">
          {copiers.data.list.map((c, i) => (
            <li key={i} className="copier-row">
              <span dir="ltr">{c.nickname}</span>
              <span>{t(`trade.status.${c.status}`)}</span>
              <span className="amount" dir="ltr">
                {c.share_pct}% · {formatUsdt(c.shares_paid)} USDT
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
