// "Set the range and grids myself" (as on Pionex and Binance grid bots): a switch and,
// when on, the lower price, the upper price and the grid count. The form sends all three
// or none; the server backtests the investor's choice the same way as its own.
import { Input, Switch } from 'antd-mobile';
import { amountRefusal, amountUnits, countRefusal } from '@olive/protocol/numbers';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import type { RobotLimits } from '../api/get-limits.ts';
import './create-robot-form.css';
import './robot-field-rows.css';
import './custom-grid-fields.css';

export interface CustomGrid {
  range_low: string;
  range_high: string;
  grids: string;
}

export type CustomProblem = 'incomplete' | 'order' | 'grids';

/**
 * What is wrong with the three fields as typed, if anything: read by the server's own
 * parser, on exactly what is sent (checked again by the server).
 */
export function customProblem(custom: CustomGrid, gridsMax = 100): CustomProblem | null {
  const { range_low: low, range_high: high, grids } = custom;
  if (!low || !high || !grids || amountRefusal(low) || amountRefusal(high)) return 'incomplete';
  if (amountUnits(high) <= amountUnits(low)) return 'order';
  if (countRefusal(grids, { min: 2, max: gridsMax })) return 'grids';
  return null;
}

const problemText: Record<CustomProblem, string> = {
  incomplete: 'trade.customIncomplete',
  order: 'trade.customOrder',
  grids: 'trade.customGridsOf',
};

export function CustomGridFields({
  enabled,
  onEnabledChange,
  value,
  onChange,
  error,
  limits,
}: {
  /** quanlimits for the market and principal, shown before anything is typed. */
  limits: RobotLimits | undefined;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  value: CustomGrid;
  onChange: (value: CustomGrid) => void;
  /** A refusal from the server about one of the three fields, already translated. */
  error: string;
}) {
  const { t } = useTranslation();
  const gridsMax = limits?.grids_max ?? 100;
  const problem = enabled ? customProblem(value, gridsMax) : null;
  const shown =
    error ||
    (problem ? t(problemText[problem], { min: limits?.grids_min ?? 2, max: gridsMax }) : '');
  const gridsRange = `${limits?.grids_min ?? 2}–${gridsMax}`;
  const field = (
    key: keyof CustomGrid,
    label: string,
    mode: 'decimal' | 'numeric',
    full = label,
    placeholder = '',
  ) => (
    <label className="custom-grid__field">
      <span className="robot-form__label">{label}</span>
      <div className="field-row" data-testid={`custom-${key}`}>
        <Input
          className="field-row__input"
          inputMode={mode}
          aria-label={full}
          placeholder={placeholder}
          value={value[key]}
          onChange={(text) => onChange({ ...value, [key]: text })}
        />
      </div>
    </label>
  );
  return (
    <div className="custom-grid">
      <label className="custom-grid__toggle">
        <span>{t('trade.custom')}</span>
        <Switch
          checked={enabled}
          onChange={onEnabledChange}
          aria-label={t('trade.custom')}
          data-testid="custom-toggle"
        />
      </label>
      {enabled ? (
        <>
          <div className="custom-grid__fields" dir="ltr">
            {field(
              'range_low',
              t('trade.rangeLow'),
              'decimal',
              undefined,
              limits ? `≥ ${formatUsdt(limits.range_low_min)}` : '',
            )}
            {field(
              'range_high',
              t('trade.rangeHigh'),
              'decimal',
              undefined,
              limits ? `≤ ${formatUsdt(limits.range_high_max)}` : '',
            )}
            {field(
              'grids',
              t('trade.grids'),
              'numeric',
              t('trade.gridCountOf', { range: gridsRange }),
              gridsRange,
            )}
          </div>
          {limits ? (
            <p className="custom-grid__limits" data-testid="custom-limits">
              {t('trade.limitsLine', {
                grids: gridsRange,
                step: limits.step_min_pct,
                // one left-to-right run, lowest first, in a right-to-left sentence too
                range: `\u2066${formatUsdt(limits.range_low_min)} – ${formatUsdt(limits.range_high_max)}\u2069`,
              })}
            </p>
          ) : null}
          {shown ? (
            <p className="robot-form__error" role="alert" data-testid="custom-error">
              {shown}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
