// Arithmetic / Geometric levels as one segmented control, with one line saying what the
// chosen spacing means (decision 146). Both are backtested the same way in the preview.
import { Segmented } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { SegmentedGroup } from '../../../components/segmented-group.tsx';
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
    <SegmentedGroup className="grid-type-switch" label={t('trade.gridType')}>
      <Segmented
        block
        value={value}
        onChange={(next) => {
          const type = GRID_TYPES.find((g) => g === next);
          if (type) onChange(type);
        }}
        options={GRID_TYPES.map((type) => ({
          value: type,
          label: <span data-testid={`grid-type-${type}`}>{t(`trade.gridTypes.${type}`)}</span>,
        }))}
      />
      <p className="direction-switch__explain" data-testid="grid-type-explain">
        {t(`trade.gridTypeExplain.${value}`)}
      </p>
    </SegmentedGroup>
  );
}
