// Home tab (spec section 2): notice ticker, total assets and earnings, four shortcuts,
// market, production information, help centre, partners. Content and totals come from one
// call (maininfo); the totals are the ledger's, the same as userinfo's. Nothing here
// pretends to be live yield data (PRODUCT.md): the market block shows the feed's real
// prices, badged "Demo market data" when they are simulated.
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import {
  AddCircleOutline,
  GlobalOutline,
  MessageOutline,
  RightOutline,
  SoundOutline,
  TeamOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Section } from '../../components/section.tsx';
import { formatUsdt } from '../../lib/format.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useCachedUserInfo } from '../../features/account/api/get-user-info.ts';
import { useMainInfo } from '../../features/content/api/get-main-info.ts';
import { HelpCentre } from '../../features/content/components/help-centre.tsx';
import { NoticeTicker } from '../../features/content/components/notice-ticker.tsx';
import { PartnerGrid } from '../../features/content/components/partner-grid.tsx';
import { UnreadBadge } from '../../features/content/components/unread-badge.tsx';
import { HomeMarkets } from '../../features/robots/components/home-markets.tsx';
import { HomeProduction } from '../../features/mining/components/home-production.tsx';
import './home.css';
import '../../components/section.css';

const shortcuts = [
  { to: paths.topUp, label: 'home.topUp', icon: <AddCircleOutline /> },
  { to: paths.withdraw, label: 'home.withdraw', icon: <UploadOutline /> },
  { to: paths.support, label: 'home.contact', icon: <MessageOutline /> },
  { to: paths.invite, label: 'home.invite', icon: <TeamOutline /> },
] as const;

function IconButton({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className="icon-button" aria-label={label}>
      {children}
    </Link>
  );
}

export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const { data: info, isPending } = useMainInfo();
  // Until maininfo answers, the same ledger figures from a userinfo already in the cache
  // (e.g. just after registration) rather than a blank.
  const cachedUser = useCachedUserInfo();
  const totals = signedIn ? (info?.assets ?? cachedUser) : undefined;

  return (
    <div className="screen screen--tab screen--wide" data-testid="screen-home">
      <header className="app-header">
        <div className="app-header__brand">
          <BrandMark size={34} />
          <div>
            <div className="app-header__name">Olive</div>
            <div className="app-header__tagline">{t('home.tagline')}</div>
          </div>
        </div>
        <div className="app-header__actions">
          <IconButton to={paths.language} label={t('me.language')}>
            <GlobalOutline />
          </IconButton>
          <IconButton
            to={signedIn ? paths.notices : paths.news}
            // The badge's count is visible text, so it is part of the name (axe).
            label={
              info?.unread_notices
                ? `${t('pages.notices')} ${info.unread_notices > 99 ? '99+' : info.unread_notices}`
                : t('pages.notices')
            }
          >
            <UnreadBadge>
              <SoundOutline />
            </UnreadBadge>
          </IconButton>
        </div>
      </header>

      <main className="screen__body screen__body--columns">
        <NoticeTicker
          notices={info?.notices ?? []}
          pending={isPending}
          onOpen={() => void navigate({ to: signedIn ? paths.notices : paths.news })}
        />
        <div className="columns__col" data-testid="home-column-main">
          <section className="asset-card" data-testid="asset-card">
            <div className="asset-card__label">
              {t('home.totalAssets')} <span className="asset-card__unit">USDT</span>
            </div>
            <div className="asset-card__value">
              <span className="amount" dir="ltr" data-testid="home-total-assets">
                {formatUsdt(totals?.total_assets)}
              </span>
            </div>
            <div className="asset-card__row">
              <div>
                <div className="asset-card__label">{t('home.totalEarnings')}</div>
                <div className="asset-card__sub">
                  <span className="amount" dir="ltr" data-testid="home-total-earnings">
                    {formatUsdt(totals?.total_earnings)}
                  </span>
                </div>
              </div>
              {signedIn ? null : (
                <Button
                  color="primary"
                  shape="rounded"
                  size="small"
                  className="asset-card__login"
                  data-testid="home-login"
                  onClick={() => void navigate({ to: paths.login })}
                >
                  {t('common.login')}
                </Button>
              )}
            </div>
            {signedIn ? null : <p className="asset-card__hint">{t('home.visitorHint')}</p>}
          </section>

          <nav className="shortcuts" aria-label={t('tabs.home')}>
            {shortcuts.map((item) => (
              <Link key={item.to} to={item.to} className="shortcut">
                <span className="shortcut__icon">{item.icon}</span>
                <span className="shortcut__label">{t(item.label)}</span>
              </Link>
            ))}
          </nav>

          <section className="promise">
            <div className="promise__mark" aria-hidden="true">
              ✓
            </div>
            <div>
              <h2 className="promise__title">{t('home.ruleTitle')}</h2>
              <p className="promise__body">{t('home.ruleBody')}</p>
            </div>
          </section>

          <HomeMarkets />
        </div>

        <div className="columns__col" data-testid="home-column-side">
          <HomeProduction />

          <Section title={t('home.products')}>
            <div className="product-grid">
              <Link to={paths.trade} className="product-card product-card--robots">
                <span className="product-card__kicker" data-testid="robots-kicker">
                  {t('home.robotsKicker')}
                </span>
                <h3>{t('home.robotsTitle')}</h3>
                <p>{t('home.robotsBody')}</p>
                <RightOutline className="product-card__arrow" />
              </Link>
              <Link to={paths.mining} className="product-card product-card--mining">
                <span className="product-card__kicker">BTC</span>
                <h3>{t('home.miningTitle')}</h3>
                <p>{t('home.miningBody')}</p>
                <RightOutline className="product-card__arrow" />
              </Link>
            </div>
            <p className="footnote">{t('home.estimateNote')}</p>
          </Section>

          {info && info.help.length > 0 ? (
            <Section title={t('home.help')}>
              <HelpCentre help={info.help} />
            </Section>
          ) : null}

          {info && info.partners.length > 0 ? (
            <Section title={t('home.partners')}>
              <p className="section__hint">{t('home.partnersHint')}</p>
              <PartnerGrid partners={info.partners} />
            </Section>
          ) : null}
        </div>
      </main>
    </div>
  );
}
