// The two labels every mining figure needs (PRODUCT.md): "Demo market data" while the
// network and price come from the simulator, and "an estimate, not a promise".
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';

export function MiningDemoBadge({ source }: { source: string | undefined }) {
  const { t } = useTranslation();
  if (source !== 'simulated') return null;
  return (
    <span className="badge badge--demo" data-testid="demo-badge">
      {t('mining.demoData')}
    </span>
  );
}

export function MiningEstimateNote() {
  const { t } = useTranslation();
  return (
    <p className="mining-note" data-testid="estimate-note">
      <InformationCircleOutline />
      <span>{t('mining.estimateNote')}</span>
    </p>
  );
}
