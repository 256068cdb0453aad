// Long / Short / Neutral as one segmented control, with one line saying what the chosen
// direction means for the grid.
import { Segmented } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { SegmentedGroup } from '../../../components/segmented-group.tsx';
import { DIRECTIONS, type Direction } from '../api/get-robot.ts';
import './direction-switch.css';

export function DirectionSwitch({
  value,
  onChange,
}: {
  value: Direction;
  onChange: (direction: Direction) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedGroup className="direction-switch" label={t('trade.direction')}>
      <Segmented
        block
        value={value}
        onChange={(next) => {
          const direction = DIRECTIONS.find((d) => d === next);
          if (direction) onChange(direction);
        }}
        options={DIRECTIONS.map((direction) => ({
          value: direction,
          label: (
            <span
              className={`direction-switch__label direction-switch__label--${direction}${direction === value ? ' direction-switch__current' : ''}`}
              data-testid={`direction-${direction}`}
            >
              {t(`trade.dir.${direction}`)}
            </span>
          ),
        }))}
      />
      <p className="direction-switch__explain" data-testid="direction-explain">
        {t(`trade.dirExplain.${value}`)}
      </p>
    </SegmentedGroup>
  );
}
