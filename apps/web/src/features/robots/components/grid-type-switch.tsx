// Arithmetic / Geometric levels as one segmented control, with one line saying what the
// chosen spacing means (decision 146). Both are backtested the same way in the preview.
import { useTranslation } from '../../../lib/i18n.ts';
import { Segmented } from '../../../components/segmented.tsx';
import { GRID_TYPES, type GridType } from '../api/get-limits.ts';
import './direction-switch.css';

export function GridTypeSwitch({
  value,
  onChange,
}: {
  value: GridType;
  onChange: (type: GridType) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid-type-switch">
      <Segmented
        label={t('trade.gridType')}
        value={value}
        onChange={onChange}
        options={GRID_TYPES.map((type) => ({
          value: type,
          label: <span data-testid={`grid-type-${type}`}>{t(`trade.gridTypes.${type}`)}</span>,
        }))}
      />
      <p className="direction-switch__explain" data-testid="grid-type-explain">
        {t(`trade.gridTypeExplain.${value}`)}
      </p>
    </div>
  );
}
