// Trade tab: what a quantitative robot is, the markets it trades, and robot creation
// (which opens with the robots release).
import { Button } from 'antd-mobile';
import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { MarketList } from '../../components/market-list.tsx';
import { Section } from '../../components/section.tsx';
import { StatePanel } from '../../components/state-panel.tsx';

const steps = ['step1', 'step2', 'step3'] as const;

export default function TradeScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--tab" data-testid="screen-trade">
      <header className="app-header app-header--title">
        <h1 className="app-header__title">{t('trade.title')}</h1>
      </header>
      <main className="screen__body">
        <section className="hero-card">
          <div className="hero-card__chart" aria-hidden="true">
            <svg viewBox="0 0 120 48" preserveAspectRatio="none">
              {[8, 18, 28, 38].map((y) => (
                <line key={y} x1="0" x2="120" y1={y} y2={y} className="grid-line" />
              ))}
            </svg>
          </div>
          <span className="badge badge--olive">{t('trade.directions')}</span>
          <h2 className="hero-card__title">{t('trade.heroTitle')}</h2>
          <p className="hero-card__body">{t('trade.heroBody')}</p>
          <Button block color="primary" shape="rounded" disabled data-testid="create-robot">
            {t('trade.create')}
          </Button>
          <p className="hero-card__soon">{t('trade.createSoon')}</p>
        </section>

        <Section title={t('trade.howItWorks')}>
          <ol className="steps">
            {steps.map((step, index) => (
              <li key={step} className="steps__item">
                <span className="steps__number">{index + 1}</span>
                <span>{t(`trade.${step}`)}</span>
              </li>
            ))}
          </ol>
          <p className="footnote">{t('trade.lossNote')}</p>
        </Section>

        <Section
          title={t('trade.markets')}
          extra={<span className="badge">{t('common.comingSoon')}</span>}
        >
          <MarketList />
        </Section>

        <Section title={t('trade.myRobots')}>
          <div className="card">
            <StatePanel
              icon={<HistogramOutline />}
              title={t('trade.noRobots')}
              body={t('trade.createSoon')}
            />
          </div>
        </Section>
      </main>
    </div>
  );
}
