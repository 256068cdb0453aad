// pages/quantification/quantification, the Trade tab: live markets (with the "Demo
// market data" badge on simulated prices), robot creation with the server's estimate,
// my robots by state and the leaderboard. Visitors see markets and the leaderboard, and
// a login prompt where the create form would be. On a wide screen the markets and the
// chosen market's chart stand beside the form and the robots (issue 34).
import { useDeferredValue, useState } from 'react';
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { Section } from '../../components/section.tsx';
import { StatePanel } from '../../components/state-panel.tsx';
import { useInvalidateUserInfo, useUserInfo } from '../../features/account/api/get-user-info.ts';
import { useMarkets, type MarketSummary } from '../../features/robots/api/get-markets.ts';
import { robotSearch, type Direction } from '../../features/robots/api/get-robot.ts';
import {
  CreateRobotForm,
  CreateRobotFormPending,
} from '../../features/robots/components/create-robot-form.tsx';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { Leaderboard } from '../../features/robots/components/leaderboard.tsx';
import { MarketChart } from '../../features/robots/components/market-chart.tsx';
import { MarketList } from '../../features/robots/components/market-list.tsx';
import { MyRobots } from '../../features/robots/components/my-robots.tsx';
import '../../components/section.css';
import '../../features/robots/components/create-robot-form.css';
import '../../features/robots/robots.css';

const NO_MARKETS: MarketSummary[] = [];

export default function TradeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search: { market?: unknown } = useSearch({ strict: false });
  const { signedIn, user } = useUserInfo();
  const refreshUser = useInvalidateUserInfo();
  const markets = useMarkets();
  const [chosen, setChosen] = useState(typeof search.market === 'string' ? search.market : '');
  const [direction, setDirection] = useState<Direction>('neutral');
  // The create form (signed in) draws when the markets come in. That update comes from the
  // query's store, which React renders in one task: deferred, it renders in slices of a few
  // milliseconds, so a phone is not blocked while the form is drawn (issue 33, TBT). The
  // list, its chosen market and the form all show the same, deferred, markets.
  const shown = useDeferredValue(markets.data);
  const list = shown?.markets ?? NO_MARKETS;
  const market = list.some((m) => m.market === chosen) ? chosen : (list[0]?.market ?? '');

  const openRobot = (robotId: string) =>
    void navigate({ to: paths.robotDetail, search: robotSearch(robotId) });

  const pick = (next: string) => {
    setChosen(next);
    document
      .querySelector('[data-testid="create-section"]')
      ?.scrollIntoView({ behavior: 'smooth' });
  };

  return (
    <div className="screen screen--tab screen--wide" data-testid="screen-trade">
      <header className="app-header app-header--title">
        <h1 className="app-header__title">{t('trade.title')}</h1>
        <DemoBadge source={markets.data?.source} label={t('trade.demoData')} />
      </header>
      <main className="screen__body screen__body--columns">
        <div className="columns__col columns__col--sticky" data-testid="trade-column-markets">
          <Section
            title={t('trade.markets')}
            extra={<span className="section__hint">{t('trade.marketsHint')}</span>}
            testId="trade-markets"
          >
            <MarketList
              markets={shown}
              selected={signedIn ? market : undefined}
              onSelect={(m) => (signedIn ? pick(m.market) : undefined)}
            />
            <MarketChart market={market} />
          </Section>
        </div>

        <div className="columns__col" data-testid="trade-column-robots">
          <Section title={t('trade.createTitle')} testId="create-section">
            {!signedIn ? (
              <div className="card">
                <StatePanel
                  icon={<LockOutline />}
                  title={t('trade.loginTitle')}
                  body={t('trade.loginBody')}
                  testId="trade-login-prompt"
                >
                  <Button
                    color="primary"
                    shape="rounded"
                    onClick={() => void navigate({ to: paths.login })}
                    data-testid="trade-login"
                  >
                    {t('common.login')}
                  </Button>
                </StatePanel>
              </div>
            ) : list.length > 0 ? (
              <CreateRobotForm
                initialDirection={direction}
                markets={list}
                market={market}
                onMarketChange={setChosen}
                balance={user?.balance}
                onCreated={(robotId) => {
                  void refreshUser();
                  openRobot(robotId);
                }}
              />
            ) : (
              // The form's frame at the form's height while the markets load (layout shift).
              <CreateRobotFormPending direction={direction} onDirectionChange={setDirection} />
            )}
          </Section>

          {signedIn ? (
            <Section title={t('trade.myRobots')} testId="my-robots-section">
              <MyRobots onOpen={openRobot} />
            </Section>
          ) : null}

          <Section title={t('trade.leaderboard')} testId="leaderboard-section">
            <Leaderboard />
          </Section>
          <p className="footnote trade-footnote">{t('trade.lossNote')}</p>
        </div>
      </main>
    </div>
  );
}
