// "Set the range and grids myself" (as on Pionex and Binance grid bots): a switch and,
// when on, the lower price, the upper price and the grid count. The form sends all three
// or none; the server backtests the investor's choice the same way as its own.
import { Input, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface CustomGrid {
  range_low: string;
  range_high: string;
  grids: string;
}

export type CustomProblem = 'incomplete' | 'order' | 'grids';

const DECIMAL = /^(0|[1-9]\d{0,9})(\.\d{1,8})?$/;

/** What is wrong with the three fields as typed, if anything (checked again by the server). */
export function customProblem(custom: CustomGrid): CustomProblem | null {
  const low = custom.range_low.trim();
  const high = custom.range_high.trim();
  const grids = custom.grids.trim();
  if (!low || !high || !grids || !DECIMAL.test(low) || !DECIMAL.test(high)) return 'incomplete';
  if (Number(high) <= Number(low)) return 'order';
  if (!/^\d{1,3}$/.test(grids) || Number(grids) < 2 || Number(grids) > 100) return 'grids';
  return null;
}

const problemText: Record<CustomProblem, string> = {
  incomplete: 'trade.customIncomplete',
  order: 'trade.customOrder',
  grids: 'trade.customGrids',
};

export function CustomGridFields({
  enabled,
  onEnabledChange,
  value,
  onChange,
  error,
}: {
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  value: CustomGrid;
  onChange: (value: CustomGrid) => void;
  /** A refusal from the server about one of the three fields, already translated. */
  error: string;
}) {
  const { t } = useTranslation();
  const problem = enabled ? customProblem(value) : null;
  const shown = error || (problem ? t(problemText[problem]) : '');
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
            {field('range_low', t('trade.rangeLow'), 'decimal')}
            {field('range_high', t('trade.rangeHigh'), 'decimal')}
            {field('grids', t('trade.grids'), 'numeric', t('trade.gridCount'), '2–100')}
          </div>
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
