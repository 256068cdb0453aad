// Risk exits, as grid bots elsewhere offer them (decision 148): take-profit and stop-loss
// by price and by total return, a trigger price the robot waits for, and trailing up and
// down within a ceiling and a floor. Used on the create form (a switch, then the fields)
// and on a robot's detail to edit them while it runs. The server checks every rule again
// (the side of the price, limits outside the range) and names the field it refuses.
import { Input, Switch } from 'antd-mobile';
import { amountRefusal } from '@olive/protocol/numbers';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Robot } from '../api/get-robot.ts';
import type { ExitsBody } from '../api/robot-action.ts';
import './create-robot-form.css';
import './robot-field-rows.css';
import './custom-grid-fields.css';
import './exit-fields.css';

export interface ExitValues {
  take_profit_price: string;
  stop_loss_price: string;
  take_profit_pct: string;
  stop_loss_pct: string;
  trigger_price: string;
  trailing_up: boolean;
  trailing_down: boolean;
  trailing_limit_high: string;
  trailing_limit_low: string;
}

type TextField = Exclude<keyof ExitValues, 'trailing_up' | 'trailing_down'>;

export const EXIT_FIELDS: readonly string[] = [
  'take_profit_price',
  'stop_loss_price',
  'take_profit_pct',
  'stop_loss_pct',
  'trigger_price',
  'trailing_up',
  'trailing_down',
  'trailing_limit_high',
  'trailing_limit_low',
];

export const NO_EXITS: ExitValues = {
  take_profit_price: '',
  stop_loss_price: '',
  take_profit_pct: '',
  stop_loss_pct: '',
  trigger_price: '',
  trailing_up: false,
  trailing_down: false,
  trailing_limit_high: '',
  trailing_limit_low: '',
};

const TEXT_FIELDS: readonly TextField[] = [
  'take_profit_price',
  'stop_loss_price',
  'take_profit_pct',
  'stop_loss_pct',
  'trigger_price',
  'trailing_limit_high',
  'trailing_limit_low',
];

/** A robot's stored exits as the fields show them. */
export function exitValuesOf(robot: Robot): ExitValues {
  return {
    take_profit_price: robot.take_profit_price,
    stop_loss_price: robot.stop_loss_price,
    take_profit_pct: robot.take_profit_pct,
    stop_loss_pct: robot.stop_loss_pct,
    trigger_price: robot.trigger_price,
    trailing_up: robot.trailing_up === 1,
    trailing_down: robot.trailing_down === 1,
    trailing_limit_high: robot.trailing_limit_high,
    trailing_limit_low: robot.trailing_limit_low,
  };
}

/** The first field typed that the server's parser would refuse, if any. */
export function exitsProblem(values: ExitValues): TextField | null {
  return TEXT_FIELDS.find((key) => values[key] !== '' && amountRefusal(values[key])) ?? null;
}

/**
 * The request's fields. On create only what is set; on edit every field, an empty one as
 * "0" (cleared), except the trigger of a robot already running (it cannot change).
 */
export function exitsBody(values: ExitValues, mode: 'create' | 'edit', running = false) {
  const body: ExitsBody = {};
  for (const key of TEXT_FIELDS) {
    if (mode === 'edit' && key === 'trigger_price' && running) continue;
    if (values[key] !== '') body[key] = values[key];
    else if (mode === 'edit') body[key] = '0';
  }
  if (values.trailing_up || mode === 'edit') body.trailing_up = values.trailing_up ? '1' : '0';
  if (values.trailing_down || mode === 'edit') {
    body.trailing_down = values.trailing_down ? '1' : '0';
  }
  return body;
}

export function ExitFields({
  value,
  onChange,
  error,
  errorField,
  running = false,
}: {
  value: ExitValues;
  onChange: (value: ExitValues) => void;
  /** A refusal from the server about one of the fields, already translated. */
  error: string;
  errorField?: string | undefined;
  /** A running robot: the trigger price is past. */
  running?: boolean;
}) {
  const { t } = useTranslation();
  const problem = exitsProblem(value);
  const shown =
    error || (problem ? t('trade.exitFormat', { field: t(`trade.exit.${problem}`) }) : '');
  const bad = errorField ?? problem ?? '';
  const field = (key: TextField, unit: string) => (
    <label className="exit-fields__field">
      <span className="robot-form__label">{t(`trade.exit.${key}`)}</span>
      <div
        className={`field-row${bad === key ? ' field-row--error' : ''}`}
        data-testid={`exit-${key}`}
      >
        <Input
          className="field-row__input"
          inputMode="decimal"
          aria-label={t(`trade.exit.${key}`)}
          placeholder={t('trade.exitNone')}
          value={value[key]}
          onChange={(text) => onChange({ ...value, [key]: text.trim() })}
        />
        <span className="field-row__unit">{unit}</span>
      </div>
    </label>
  );
  const trailing = (flag: 'trailing_up' | 'trailing_down', limit: TextField) => (
    <div className="exit-fields__trail">
      <label className="custom-grid__toggle">
        <span>{t(`trade.exit.${flag}`)}</span>
        <Switch
          checked={value[flag]}
          onChange={(on) => onChange({ ...value, [flag]: on })}
          aria-label={t(`trade.exit.${flag}`)}
          data-testid={`exit-${flag}`}
        />
      </label>
      {value[flag] ? field(limit, 'USDT') : null}
    </div>
  );
  return (
    <div className="exit-fields" data-testid="exit-fields">
      <div className="exit-fields__pair" dir="ltr">
        {field('take_profit_price', 'USDT')}
        {field('stop_loss_price', 'USDT')}
      </div>
      <div className="exit-fields__pair" dir="ltr">
        {field('take_profit_pct', '%')}
        {field('stop_loss_pct', '%')}
      </div>
      <p className="footnote">{t('trade.exitPctHint')}</p>
      {running ? null : (
        <>
          {field('trigger_price', 'USDT')}
          <p className="footnote">{t('trade.triggerHint')}</p>
        </>
      )}
      {trailing('trailing_up', 'trailing_limit_high')}
      {trailing('trailing_down', 'trailing_limit_low')}
      <p className="footnote">{t('trade.trailingHint')}</p>
      {shown ? (
        <p className="robot-form__error" role="alert" data-testid="exit-error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
