// Long / Short / Neutral as one segmented control, with one line saying what the chosen
// direction means for the grid.
import { useTranslation } from '../../../lib/i18n.ts';
import { Segmented } from '../../../components/segmented.tsx';
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
    <div className="direction-switch">
      <Segmented
        label={t('trade.direction')}
        value={value}
        onChange={onChange}
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
    </div>
  );
}
