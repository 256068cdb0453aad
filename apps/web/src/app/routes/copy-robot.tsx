// pages/quantification/copy?id=: copy a public robot (issue 32). Who runs it (a masked
// name, or a demo investor), its settings and its track record from its own fills, the
// profit share it asks and how that share is charged (only on profit above the copier's
// high-water mark, after the platform's performance fee), then principal and fund password.
// The copy starts at once at today's price, its range scaled by the leader's ratios.
// Visitors see the record and a sign-in prompt where the form would be.
import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { FundPasswordInput } from '../../components/fund-password-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Section } from '../../components/section.tsx';
import { StatePanel } from '../../components/state-panel.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { paths } from '../../config/paths.ts';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { failureData } from '../../lib/api.ts';
import { formatUsdt } from '../../lib/format.ts';
import { confirmAction, toastSuccess } from '../../lib/messages.ts';
import { useInvalidateUserInfo, useUserInfo } from '../../features/account/api/get-user-info.ts';
import { useCopyRobot, usePublicRobot } from '../../features/robots/api/copy-robot.ts';
import { useMarkets } from '../../features/robots/api/get-markets.ts';
import { robotSearch } from '../../features/robots/api/get-robot.ts';
import { CoinMark } from '../../features/robots/components/coin-mark.tsx';
import { Duration } from '../../features/robots/components/duration.tsx';
import { RobotRecord } from '../../features/robots/components/robot-record.tsx';
import { RobotUnavailable } from '../../features/robots/components/robot-unavailable.tsx';
import { principalProblem } from '../../features/robots/utils/figures.ts';
import '../../components/section.css';
import '../../features/robots/components/robot-figures.css';
import '../../features/robots/components/leaderboard.css';
import './copy-robot.css';

export default function CopyRobotScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const robotId = useIdParam();
  const leader = usePublicRobot(robotId);
  const { signedIn, user } = useUserInfo();
  const markets = useMarkets();
  const refreshUser = useInvalidateUserInfo();
  const copy = useCopyRobot(() => void refreshUser());
  const [principal, setPrincipal] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const robot = leader.data;
  const min = markets.data?.markets.find((m) => m.market === robot?.market)?.min_principal;

  const submit = async () => {
    if (!robot) return;
    setError(null);
    const problem = principalProblem(principal, min, user?.balance);
    if (problem) {
      const keys = {
        required: 'trade.principalRequired',
        invalid: 'trade.principalInvalid',
        precision: 'trade.principalPrecision',
        minimum: 'trade.principalMinimum',
        balance: 'trade.principalBalance',
      } as const;
      setError({ field: 'principal', message: t(keys[problem.key], { min: formatUsdt(min) }) });
      return;
    }
    if (fundPassword.length !== 6) {
      setError({ field: 'fund_password', message: t('mining.fundPasswordRequired') });
      return;
    }
    const question = t('trade.copyConfirm', {
      amount: formatUsdt(principal),
      market: robot.market,
      share: robot.profit_share_pct,
    });
    if (!(await confirmAction(t('trade.copyNow'), question))) return;
    copy.mutate(
      { robot_id: robot.robot_id, principal, fund_password: fundPassword },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          void navigate({ to: paths.robotDetail, search: robotSearch(reply.data!.robot_id) });
        },
        onError: (e) => {
          setFundPassword('');
          setError({ field: failureData(e).field, message: e.message });
        },
      },
    );
  };

  return (
    <div className="screen" data-testid="screen-copy-robot">
      <PageHeader title={t('trade.copyTitle')} />
      <main className="screen__body">
        {robot ? (
          <>
            <section className="robot-hero" data-testid="copy-leader">
              <div className="robot-hero__top">
                <CoinMark market={robot.market} size={40} />
                <div className="robot-hero__name">
                  <strong>
                    <bdi>{robot.name}</bdi>
                  </strong>
                  <span>
                    <span dir="ltr">{robot.nickname}</span>
                    {robot.demo ? (
                      <span className="rank-row__demo">{t('trade.demoInvestor')}</span>
                    ) : null}
                  </span>
                </div>
              </div>
              <dl className="copy-terms">
                <div>
                  <dt>{t('trade.profitShare')}</dt>
                  <dd>
                    <span dir="ltr" data-testid="copy-share">
                      {robot.profit_share_pct}%
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>{t('trade.copiers')}</dt>
                  <dd>{robot.copiers}</dd>
                </div>
                <div>
                  <dt>{t('trade.duration')}</dt>
                  <dd>
                    <Duration seconds={robot.duration_seconds} />
                  </dd>
                </div>
              </dl>
              <p className="copy-terms__note" data-testid="copy-share-note">
                {robot.demo
                  ? t('trade.copyDemoNote')
                  : t('trade.copyShareNote', { share: robot.profit_share_pct })}
              </p>
            </section>

            <Section title={t('trade.trackRecord')} testId="copy-record">
              <RobotRecord record={robot} />
            </Section>

            <Section title={t('trade.copySettings')} testId="copy-settings">
              <div className="card">
                <dl className="copy-terms copy-settings">
                  <div>
                    <dt>{t('trade.direction')}</dt>
                    <dd>{t(`trade.dir.${robot.direction}`)}</dd>
                  </div>
                  <div>
                    <dt>{t('trade.grids')}</dt>
                    <dd>{robot.grids}</dd>
                  </div>
                  <div className="copy-settings__range">
                    <dt>{t('trade.range')}</dt>
                    <dd className="amount" dir="ltr">
                      {formatUsdt(robot.range_low)} – {formatUsdt(robot.range_high)}
                    </dd>
                  </div>
                </dl>
              </div>
              <p className="footnote">{t('trade.copyScaleNote')}</p>
            </Section>

            <Section title={t('trade.copyYours')} testId="copy-form-section">
              {signedIn ? (
                <Form
                  layout="vertical"
                  onFinish={() => void submit()}
                  className="copy-form"
                  data-testid="copy-form"
                >
                  <Form.Item
                    label={t('trade.principal')}
                    help={
                      min
                        ? `${t('trade.minimum')} ${formatUsdt(min)} · ${t('trade.available')} ${formatUsdt(user?.balance)} USDT`
                        : undefined
                    }
                    {...(error?.field === 'principal' ? { description: error.message } : {})}
                  >
                    <Input
                      value={principal}
                      onChange={setPrincipal}
                      inputMode="decimal"
                      placeholder={
                        min ? t('trade.principalPlaceholder', { min: formatUsdt(min) }) : ''
                      }
                      data-testid="copy-principal"
                      aria-label={t('trade.principal')}
                    />
                  </Form.Item>
                  <Form.Item label={t('mining.fundPassword')}>
                    <FundPasswordInput
                      value={fundPassword}
                      onChange={setFundPassword}
                      testId="copy-fund-password"
                    />
                  </Form.Item>
                  {error ? (
                    <p className="form-error" role="alert" data-testid="copy-error">
                      {error.message}
                    </p>
                  ) : null}
                  <SubmitButton loading={copy.isPending} testId="copy-submit">
                    {t('trade.copyNow')}
                  </SubmitButton>
                </Form>
              ) : (
                <div className="card">
                  <StatePanel
                    icon={<LockOutline />}
                    title={t('trade.loginTitle')}
                    body={t('trade.copyLoginBody')}
                    testId="copy-login-prompt"
                  >
                    <Button
                      color="primary"
                      shape="rounded"
                      onClick={() => void navigate({ to: paths.login })}
                    >
                      {t('common.login')}
                    </Button>
                  </StatePanel>
                </div>
              )}
            </Section>
          </>
        ) : (
          <RobotUnavailable query={leader} robotId={robotId} />
        )}
      </main>
    </div>
  );
}
