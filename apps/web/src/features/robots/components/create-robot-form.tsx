// Create a robot: market, main direction and principal (at least the market's minimum,
// at most the balance), and optionally the investor's own range and grid count. As soon as the principal is acceptable the server's preview
// shows the range and grid count it would run (a walk-forward choice) and the estimated
// daily yield on days the choice never saw; when that is not above zero the form says so
// plainly, and still lets the investor create. Creating moves the principal into the
// robot, which then waits to be started.
import { useState, type ReactNode } from 'react';
import { Button, Input, Switch } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureData } from '../../../lib/api.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { LoadingFallback } from '../../../components/loading-fallback.tsx';
import { confirmAction, toastSuccess } from '../../../lib/messages.ts';
import { useCreateRobot } from '../api/create-robot.ts';
import { useRobotLimits, type GridType } from '../api/get-limits.ts';
import type { MarketSummary } from '../api/get-markets.ts';
import type { Direction } from '../api/get-robot.ts';
import { useRobotPreview } from '../api/preview-robot.ts';
import type { ExitsBody } from '../api/robot-action.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { formatRate, principalProblem, signOf, type PrincipalProblem } from '../utils/figures.ts';
import { CoinMark, baseOf } from './coin-mark.tsx';
import { CustomGridFields, customProblem, type CustomGrid } from './custom-grid-fields.tsx';
import { DirectionSwitch } from './direction-switch.tsx';
import { GridTypeSwitch } from './grid-type-switch.tsx';
import { EstimateNote } from './estimate-note.tsx';
import {
  EXIT_FIELDS,
  ExitFields,
  NO_EXITS,
  exitsBody,
  exitsProblem,
  type ExitValues,
} from './exit-fields.tsx';
import '../robots.css';
import './create-robot-form.css';
import './robot-field-rows.css';
import './custom-grid-fields.css';

const problemText: Record<PrincipalProblem['key'], string> = {
  required: 'trade.principalRequired',
  invalid: 'trade.principalInvalid',
  precision: 'trade.principalPrecision',
  minimum: 'trade.principalMinimum',
  balance: 'trade.principalBalance',
};

const RET = '\ue000';
const HOLD = '\ue001';

/**
 * A translated sentence with its signed figures as left-to-right islands: "+7.62%" inside
 * Arabic text would otherwise show its sign and per cent on the wrong sides.
 */
function withFigures(text: string, figures: Record<string, string>): ReactNode {
  return text.split(/([\ue000\ue001])/).map((part, i) =>
    figures[part] !== undefined ? (
      <span key={i} dir="ltr">
        {figures[part]}
      </span>
    ) : (
      part
    ),
  );
}

const NO_CUSTOM: CustomGrid = { range_low: '', range_high: '', grids: '' };
const CUSTOM_FIELDS = ['range_low', 'range_high', 'grids'];

/** The form's direction field: its label and the switch, the same on the pending frame. */
function DirectionField({
  direction,
  onChange,
}: {
  direction: Direction;
  onChange: (direction: Direction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="robot-form__field">
      <span className="robot-form__label">{t('trade.direction')}</span>
      <DirectionSwitch value={direction} onChange={onChange} />
    </div>
  );
}

/**
 * The form's frame while the markets load, at the form's height: its market row (a chip's
 * place per market, five in one row) and its direction switch, in their places, with the
 * rest pending. The page draws it for a signed-in investor before the app has run (decision
 * 204), so the switch's explanation, the screen's largest text, is painted with the page;
 * a direction chosen here is the form's when it comes.
 */
export function CreateRobotFormPending({
  direction,
  onDirectionChange,
}: {
  direction: Direction;
  onDirectionChange: (direction: Direction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="robot-form robot-form--pending" aria-busy="true">
      <div className="robot-form__field">
        <span className="robot-form__label">{t('trade.market')}</span>
        <div className="market-chips" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <span key={i} className="market-chip market-chip--placeholder">
              <span className="market-chip__coin-placeholder" />
              {'\u00a0'}
            </span>
          ))}
        </div>
      </div>
      <DirectionField direction={direction} onChange={onDirectionChange} />
      <div className="robot-form__pending-rest">
        <LoadingFallback />
      </div>
    </div>
  );
}

export function CreateRobotForm({
  markets,
  market,
  onMarketChange,
  balance,
  onCreated,
  initialDirection = 'neutral',
}: {
  markets: MarketSummary[];
  market: string;
  onMarketChange: (market: string) => void;
  /** The investor's available balance (userinfo), undefined while it loads. */
  balance: string | undefined;
  onCreated: (robotId: string) => void;
  /** The direction chosen on the pending frame, if any. */
  initialDirection?: Direction;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<Direction>(initialDirection);
  const [gridType, setGridType] = useState<GridType>('geometric');
  const [principal, setPrincipal] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const [customOn, setCustomOn] = useState(false);
  const [custom, setCustom] = useState<CustomGrid>(NO_CUSTOM);
  const [customError, setCustomError] = useState('');
  const [exitsOn, setExitsOn] = useState(false);
  const [exitValues, setExitValues] = useState<ExitValues>(NO_EXITS);
  const [exitError, setExitError] = useState<{ field: string; message: string } | null>(null);
  const create = useCreateRobot();

  const summary = markets.find((m) => m.market === market);
  const problem = principalProblem(principal, summary?.min_principal, balance);
  // the bounds for the principal as typed once it is acceptable, else for the minimum
  const limits = useRobotLimits(market, useDebounced(problem ? '' : principal)).data;
  const shownLimits = limits?.market === market ? limits : undefined;
  const customBad = customOn ? customProblem(custom, shownLimits?.grids_max) : null;
  const own = customOn && !customBad ? custom : null;
  const exitsBad = exitsOn ? exitsProblem(exitValues) : null;
  const exits = exitsOn && !exitsBad ? exitsBody(exitValues, 'create') : {};
  // Debounced as one string: a fresh object every render would never settle.
  const settled = useDebounced(
    problem || customBad || exitsBad
      ? ''
      : [
          market,
          direction,
          principal,
          gridType,
          own?.range_low,
          own?.range_high,
          own?.grids,
          JSON.stringify(exits),
        ].join('|'),
  );
  const [
    settledMarket = '',
    settledDirection,
    settledPrincipal = '',
    settledType,
    low,
    high,
    grids,
    exitsText,
  ] = settled.split('|');
  const preview = useRobotPreview(
    settled
      ? {
          market: settledMarket,
          direction: settledDirection as Direction,
          principal: settledPrincipal,
          grid_type: settledType as GridType,
          ...(low && high && grids ? { range_low: low, range_high: high, grids } : {}),
          ...(exitsText && exitsText !== '{}' ? { exits: JSON.parse(exitsText) as ExitsBody } : {}),
        }
      : null,
  );
  const ownShown = Boolean(low);
  const previewField = preview.isError ? failureData(preview.error).field : undefined;
  const previewCustomError =
    previewField && CUSTOM_FIELDS.includes(previewField) ? preview.error!.message : '';
  const previewExitError =
    previewField && EXIT_FIELDS.includes(previewField) ? preview.error!.message : '';
  const shown = preview.data && !problem && !preview.isError ? preview.data : undefined;
  const warning =
    shown && shown.out_of_sample_days > 0 && !shown.positive
      ? withFigures(
          t(ownShown ? 'trade.noPositiveOwn' : 'trade.noPositiveBest', {
            n: shown.out_of_sample_days,
            ret: RET,
            hold: HOLD,
          }),
          {
            [RET]: formatRate(shown.held_out_return, true),
            [HOLD]: formatRate(shown.buy_and_hold_return, true),
          },
        )
      : null;

  const toggleCustom = (on: boolean) => {
    setCustomOn(on);
    setCustomError('');
    // start from what the automatic choice would trade, as grid bots do
    if (on && !custom.range_low && shown) {
      setCustom({
        range_low: shown.range_low,
        range_high: shown.range_high,
        grids: String(shown.grids),
      });
    }
  };

  const describe = (found: PrincipalProblem) => {
    const { key, ...params } = found;
    return t(problemText[key], params);
  };
  const error = serverError || (touched && problem ? describe(problem) : '');

  const submit = async () => {
    setTouched(true);
    if (problem || customBad || exitsBad || !summary) return;
    const question = t('trade.createConfirm', {
      amount: formatUsdt(principal),
      market,
      direction: t(`trade.dir.${direction}`),
    });
    // When recent data says this robot loses, the question says so too (creating is allowed).
    const ok = await confirmAction(
      t('trade.create'),
      warning ? (
        <>
          <p className="confirm-warning" data-testid="confirm-warning">
            {warning}
          </p>
          <p>{question}</p>
        </>
      ) : (
        question
      ),
    );
    if (!ok) return;
    create.mutate(
      { market, direction, principal, grid_type: gridType, ...(own ?? {}), exits },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          setPrincipal('');
          setTouched(false);
          if (reply.data) onCreated(reply.data.robot_id);
        },
        onError: (failure) => {
          const field = failureData(failure).field;
          if (field === 'principal') setServerError(failure.message);
          if (field && CUSTOM_FIELDS.includes(field)) setCustomError(failure.message);
          if (field && EXIT_FIELDS.includes(field))
            setExitError({ field, message: failure.message });
        },
      },
    );
  };

  return (
    <div className="robot-form" data-testid="create-form">
      <div className="robot-form__field">
        <span className="robot-form__label">{t('trade.market')}</span>
        <div className="market-chips" role="radiogroup" aria-label={t('trade.market')}>
          {markets.map((m) => (
            <button
              type="button"
              key={m.market}
              role="radio"
              aria-checked={m.market === market}
              className={`market-chip${m.market === market ? ' market-chip--active' : ''}`}
              onClick={() => {
                setServerError('');
                // another market's prices: the investor's range starts again
                setCustomOn(false);
                setCustom(NO_CUSTOM);
                onMarketChange(m.market);
              }}
              data-testid={`market-chip-${baseOf(m.market)}`}
            >
              <CoinMark market={m.market} size={22} />
              {baseOf(m.market)}
            </button>
          ))}
        </div>
      </div>

      <DirectionField direction={direction} onChange={setDirection} />

      <div className="robot-form__field">
        <span className="robot-form__label">{t('trade.principal')}</span>
        <div className={`field-row${error ? ' field-row--error' : ''}`} data-testid="principal">
          <Input
            className="field-row__input"
            inputMode="decimal"
            placeholder={t('trade.principalPlaceholder', {
              min: formatUsdt(summary?.min_principal, 0),
            })}
            value={principal}
            onChange={(value) => {
              setServerError('');
              setPrincipal(value);
            }}
            onBlur={() => setTouched(principal !== '')}
          />
          <span className="field-row__unit">USDT</span>
          {balance ? (
            <button
              type="button"
              className="chip-button"
              onClick={() => {
                setServerError('');
                setPrincipal(balance);
                setTouched(true);
              }}
              data-testid="principal-all"
            >
              {t('trade.all')}
            </button>
          ) : null}
        </div>
        {error ? (
          <p className="robot-form__error" role="alert" data-testid="principal-error">
            {error}
          </p>
        ) : null}
        <div className="robot-form__limits">
          <span>
            {t('trade.minimum')}{' '}
            <span className="amount" dir="ltr" data-testid="principal-min">
              {formatUsdt(summary?.min_principal)}
            </span>
          </span>
          <span>
            {t('trade.available')}{' '}
            <span className="amount" dir="ltr" data-testid="available-balance">
              {formatUsdt(balance)}
            </span>
          </span>
        </div>
      </div>

      <div className="robot-form__field">
        <span className="robot-form__label">{t('trade.gridType')}</span>
        <GridTypeSwitch value={gridType} onChange={setGridType} />
      </div>

      <CustomGridFields
        limits={shownLimits}
        enabled={customOn}
        onEnabledChange={toggleCustom}
        value={custom}
        onChange={(value) => {
          setCustomError('');
          setCustom(value);
        }}
        error={customError || previewCustomError}
      />

      <div className="custom-grid">
        <label className="custom-grid__toggle">
          <span>{t('trade.exits')}</span>
          <Switch
            checked={exitsOn}
            onChange={(on) => {
              setExitsOn(on);
              setExitError(null);
            }}
            aria-label={t('trade.exits')}
            data-testid="exits-toggle"
          />
        </label>
        {exitsOn ? (
          <ExitFields
            value={exitValues}
            onChange={(value) => {
              setExitError(null);
              setExitValues(value);
            }}
            error={exitError?.message || previewExitError}
            errorField={exitError?.field ?? (previewExitError ? previewField : undefined)}
          />
        ) : null}
      </div>

      <section className="preview" data-testid="robot-preview" aria-live="polite">
        <div className="preview__head">
          <span>{t(ownShown ? 'trade.previewOwn' : 'trade.previewAuto')}</span>
          {preview.isFetching ? <Spinner size={14} /> : null}
        </div>
        {shown ? (
          <>
            <dl className="preview__grid">
              <div className="preview__range">
                <dt>{t('trade.range')}</dt>
                <dd className="amount" dir="ltr" data-testid="preview-range">
                  {formatUsdt(shown.range_low)} – {formatUsdt(shown.range_high)}
                </dd>
              </div>
              <div>
                <dt>{t('trade.grids')}</dt>
                <dd data-testid="preview-grids">{shown.grids}</dd>
              </div>
              <div
                className={`preview__yield${signOf(shown.expected_daily_yield) < 0 ? ' is-down' : ''}`}
              >
                <dt>{t('trade.expectedDaily')}</dt>
                <dd className="amount" dir="ltr" data-testid="preview-yield">
                  {formatRate(shown.expected_daily_yield)}
                </dd>
              </div>
            </dl>
            {shown.out_of_sample_days > 0 ? (
              <dl className="preview__held" data-testid="preview-held-out">
                <div className={signOf(shown.held_out_return) < 0 ? 'is-down' : 'is-up'}>
                  <dt>{t('trade.heldOutReturn', { n: shown.out_of_sample_days })}</dt>
                  <dd className="amount" dir="ltr" data-testid="preview-held-return">
                    {formatRate(shown.held_out_return, true)}
                  </dd>
                </div>
                <div>
                  <dt>{t('trade.buyAndHold')}</dt>
                  <dd className="amount" dir="ltr" data-testid="preview-hold">
                    {formatRate(shown.buy_and_hold_return, true)}
                  </dd>
                </div>
                <div>
                  <dt>{t('trade.heldOutDrawdown')}</dt>
                  <dd className="amount" dir="ltr" data-testid="preview-drawdown">
                    {formatRate(shown.held_out_drawdown)}
                  </dd>
                </div>
                <div>
                  <dt>{t('trade.roundTripsPerDay')}</dt>
                  <dd className="amount" dir="ltr" data-testid="preview-round-trips">
                    {shown.round_trips_per_day}
                  </dd>
                </div>
              </dl>
            ) : null}
            <p className="preview__basis" data-testid="preview-basis">
              {shown.out_of_sample_days > 0
                ? t(ownShown ? 'trade.outOfSampleOwn' : 'trade.outOfSample', {
                    n: shown.out_of_sample_days,
                  })
                : t('trade.noHistory')}
            </p>
            {shown.exits_backtest ? (
              <p className="preview__basis" data-testid="preview-exits">
                {t(
                  shown.exits_backtest.end_reason
                    ? 'trade.exitsBacktestEnded'
                    : shown.exits_backtest.started_at
                      ? 'trade.exitsBacktestHeld'
                      : 'trade.exitsBacktestNeverTriggered',
                  {
                    reason: shown.exits_backtest.end_reason
                      ? t(`trade.endReason.${shown.exits_backtest.end_reason}`)
                      : '',
                    rate: formatRate(shown.exits_backtest.held_out_return),
                    date: shown.exits_backtest.ended_at.slice(0, 10),
                  },
                )}
              </p>
            ) : null}
            {warning ? (
              <p className="preview__warning" role="alert" data-testid="preview-warning">
                {warning}
              </p>
            ) : null}
            <EstimateNote />
          </>
        ) : (
          <p className="preview__empty">
            {t('trade.previewEmpty', { min: formatUsdt(summary?.min_principal, 0) })}
          </p>
        )}
      </section>

      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={create.isPending}
        onClick={() => void submit()}
        data-testid="create-robot"
      >
        {t('trade.create')}
      </Button>
      <p className="footnote robot-form__foot">{t('trade.createFoot')}</p>
    </div>
  );
}
