// An honest "coming soon" screen for routes whose feature ships in a later release.
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { PageHeader } from './page-header.tsx';
import { StatePanel } from './state-panel.tsx';

export function ComingSoon({
  title,
  body,
  icon,
  children,
}: {
  title: string;
  body?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen">
      <PageHeader title={title} />
      <main className="screen__body">
        <StatePanel
          testId="coming-soon"
          icon={icon ?? <ClockCircleOutline />}
          badge={t('common.comingSoon')}
          title={title}
          body={body ?? t('soon.body')}
        >
          {children}
          <Button
            block
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => void navigate({ to: paths.home })}
          >
            {t('common.backHome')}
          </Button>
        </StatePanel>
      </main>
    </div>
  );
}
