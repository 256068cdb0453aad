// The label every expected figure carries (PRODUCT.md): an estimate, not a promise.
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import './estimate-note.css';

export function EstimateNote() {
  const { t } = useTranslation();
  return (
    <p className="estimate-note" data-testid="estimate-note">
      <InformationCircleOutline />
      <span>{t('trade.estimateNote')}</span>
    </p>
  );
}
