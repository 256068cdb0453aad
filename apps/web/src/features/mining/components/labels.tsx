// The two labels every mining figure needs (PRODUCT.md): "Demo market data" while the
// network and price come from the simulator, and "an estimate, not a promise".
import { InformationCircleOutline } from 'antd-mobile-icons';
import { DemoBadge } from '../../../components/demo-badge.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The shared badge with mining's label: it holds its place until the source is known. */
export function MiningDemoBadge({ source }: { source: string | undefined }) {
  const { t } = useTranslation();
  return <DemoBadge source={source} label={t('mining.demoData')} className="mining-demo-badge" />;
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
