// The update screen's face: the brand, the current stage and a three-step olive track.
import { ProgressBar } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { APP_VERSION } from '@olive/protocol/app';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { UpdateState } from '../hooks/use-update-flow.ts';
import '../update.css';

const steps = ['checking', 'downloading', 'installing', 'completed'] as const;

const percentOf: Record<UpdateState, number> = {
  checking: 15,
  available: 25,
  downloading: 45,
  installing: 80,
  completed: 100,
  failed: 100,
};

export function UpdateProgress({ state }: { state: UpdateState }) {
  const { t } = useTranslation();
  const shown = state === 'available' ? 'checking' : state;
  const current = steps.indexOf(shown as (typeof steps)[number]);
  return (
    <div className="update" data-testid="update-screen" data-state={state}>
      <div className="update__glow" aria-hidden="true" />
      <div className="update__brand">
        <BrandMark size={88} />
        <h1 className="update__name">Olive</h1>
      </div>
      <div className="update__card" aria-live="polite">
        <div className="update__status">
          {state === 'completed' ? (
            <CheckCircleFill className="update__icon update__icon--ok" />
          ) : state === 'failed' ? (
            <CloseCircleFill className="update__icon update__icon--fail" />
          ) : (
            <Spinner size={22} />
          )}
          <div>
            <div className="update__title" data-testid="update-state-label">
              {t(`update.${shown}`)}
            </div>
            <div className="update__hint">{t(`update.${shown}Hint`)}</div>
          </div>
        </div>
        <ProgressBar
          percent={percentOf[state]}
          className={state === 'failed' ? 'update__bar update__bar--failed' : 'update__bar'}
        />
        <ol className="update__steps">
          {steps.map((step, index) => (
            <li
              key={step}
              className={
                index < current || state === 'completed'
                  ? 'update__step update__step--done'
                  : index === current
                    ? 'update__step update__step--active'
                    : 'update__step'
              }
            >
              <span className="update__dot" />
              {t(`update.${step}`)}
            </li>
          ))}
        </ol>
      </div>
      <p className="update__version">{t('common.version', { version: APP_VERSION })}</p>
    </div>
  );
}
