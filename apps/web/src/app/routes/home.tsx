// Home tab (spec section 2): assets, shortcuts, market, products, help centre, partners.
// Nothing here pretends to be live yield data (PRODUCT.md): the market block shows the
// feed's real prices, badged "Demo market data" when they are simulated.
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
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Section } from '../../components/section.tsx';
import { formatUsdt } from '../../lib/format.ts';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import { HomeMarkets } from '../../features/trade/components/home-markets.tsx';

const shortcuts = [
  { to: paths.topUp, label: 'home.topUp', icon: <AddCircleOutline /> },
  { to: paths.withdraw, label: 'home.withdraw', icon: <UploadOutline /> },
  { to: paths.support, label: 'home.contact', icon: <MessageOutline /> },
  { to: paths.invite, label: 'home.invite', icon: <TeamOutline /> },
] as const;

const helpTopics = ['helpTopUp', 'helpWithdraw', 'helpRobots', 'helpFees'] as const;

const partners = [
  { name: 'Tether', detail: 'USDT', mark: '₮' },
  { name: 'Ethereum', detail: 'ERC20', mark: 'Ξ' },
  { name: 'BNB Chain', detail: 'BEP20', mark: 'B' },
  { name: 'TRON', detail: 'TRC20', mark: 'T' },
];

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
  const { signedIn, user } = useUserInfo();

  return (
    <div className="screen screen--tab" data-testid="screen-home">
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
          <IconButton to={signedIn ? paths.notices : paths.login} label={t('pages.notices')}>
            <SoundOutline />
          </IconButton>
        </div>
      </header>

      <main className="screen__body">
        <section className="asset-card" data-testid="asset-card">
          <div className="asset-card__label">
            {t('home.totalAssets')} <span className="asset-card__unit">USDT</span>
          </div>
          <div className="asset-card__value">
            <span className="amount" dir="ltr">
              {formatUsdt(user?.total_assets)}
            </span>
          </div>
          <div className="asset-card__row">
            <div>
              <div className="asset-card__label">{t('home.totalEarnings')}</div>
              <div className="asset-card__sub">
                <span className="amount" dir="ltr">
                  {formatUsdt(user?.total_earnings)}
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

        <Section title={t('home.products')}>
          <div className="product-grid">
            <Link to={paths.trade} className="product-card product-card--robots">
              <span className="product-card__kicker">Grid</span>
              <h3>{t('home.robotsTitle')}</h3>
              <p>{t('home.robotsBody')}</p>
              <RightOutline className="product-card__arrow" />
            </Link>
            <div className="product-card product-card--mining">
              <span className="product-card__kicker">{t('common.comingSoon')}</span>
              <h3>{t('home.miningTitle')}</h3>
              <p>{t('home.miningBody')}</p>
            </div>
          </div>
          <p className="footnote">{t('home.estimateNote')}</p>
        </Section>

        <Section title={t('home.help')}>
          <ul className="list-card">
            {helpTopics.map((topic) => (
              <li key={topic}>
                <Link to={paths.article} search={{ key: topic }} className="list-card__row">
                  <span>{t(`home.${topic}`)}</span>
                  <RightOutline className="chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </Section>

        <Section title={t('home.partners')}>
          <p className="section__hint">{t('home.partnersHint')}</p>
          <div className="partners">
            {partners.map((partner) => (
              <div key={partner.name} className="partner">
                <span className="partner__mark" aria-hidden="true">
                  {partner.mark}
                </span>
                <span className="partner__name">{partner.name}</span>
                <span className="partner__detail">{partner.detail}</span>
              </div>
            ))}
          </div>
        </Section>
      </main>
    </div>
  );
}
