// Me tab (spec section 2): the investor, their balances, recharge and withdraw, and the
// account menu. Visitors see a login prompt and "--" instead of figures.
import type { ReactNode } from 'react';
import { Button, List } from 'antd-mobile';
import {
  AddCircleOutline,
  BankcardOutline,
  CheckShieldOutline,
  DownlandOutline,
  ExclamationShieldOutline,
  FileOutline,
  GlobalOutline,
  InformationCircleOutline,
  LockOutline,
  TeamOutline,
  UserAddOutline,
  UserOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { APP_VERSION } from '@olive/protocol/app';
import { languageInfo, normalizeLanguage } from '@olive/protocol/languages';
import { paths } from '../../config/paths.ts';
import { MenuRow } from '../../components/menu-row.tsx';
import { formatUsdt, maskAccount } from '../../lib/format.ts';
import { confirmAction, toastSuccess } from '../../lib/messages.ts';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import { useLogout } from '../../features/account/api/logout.ts';
import { CheckBadge } from '../../features/reserves/components/check-badge.tsx';
import '../../features/account/profile.css';

interface MenuEntry {
  key: string;
  label: string;
  icon: ReactNode;
  to: string;
  search?: Record<string, string>;
  extra?: ReactNode;
}

export default function MeScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, user } = useUserInfo();
  const logout = useLogout();
  const languageName = languageInfo(normalizeLanguage(i18n.language)).name;

  const menu: MenuEntry[] = [
    { key: 'team', label: t('me.team'), icon: <TeamOutline />, to: paths.team },
    { key: 'wallet', label: t('me.wallet'), icon: <BankcardOutline />, to: paths.wallet },
    { key: 'invite', label: t('me.invite'), icon: <UserAddOutline />, to: paths.invite },
    { key: 'records', label: t('me.records'), icon: <UnorderedListOutline />, to: paths.records },
    {
      key: 'language',
      label: t('me.language'),
      icon: <GlobalOutline />,
      to: paths.language,
      extra: languageName,
    },
    { key: 'security', label: t('me.security'), icon: <LockOutline />, to: paths.security },
    {
      key: 'reserves',
      label: t('reserves.title'),
      icon: <CheckShieldOutline />,
      to: paths.reserves,
    },
    // The Download App screen, reachable from Me too (issue 34).
    { key: 'download', label: t('pages.download'), icon: <DownlandOutline />, to: paths.download },
    { key: 'about', label: t('me.about'), icon: <InformationCircleOutline />, to: paths.about },
    {
      key: 'disclaimer',
      label: t('me.disclaimer'),
      icon: <ExclamationShieldOutline />,
      to: paths.article,
      search: { key: 'disclaimer' },
    },
    {
      key: 'privacy',
      label: t('me.privacy'),
      icon: <FileOutline />,
      to: paths.article,
      search: { key: 'privacy' },
    },
  ];

  const onLogout = async () => {
    if (!(await confirmAction(t('me.logout'), t('me.logoutConfirm')))) return;
    await logout.mutateAsync();
    toastSuccess(t('me.loggedOut'));
    void navigate({ to: paths.login, replace: true });
  };

  const figures = [
    { key: 'balance', label: t('me.balance'), value: user?.balance },
    { key: 'principal', label: t('me.principal'), value: user?.trading_principal },
    { key: 'undistributed', label: t('me.undistributed'), value: user?.undistributed_earnings },
  ];

  return (
    <div className="screen screen--tab screen--wide" data-testid="screen-me">
      <header className="profile">
        <button
          type="button"
          className="profile__avatar"
          aria-label={t('me.security')}
          onClick={() => void navigate({ to: signedIn ? paths.security : paths.login })}
          data-testid="me-avatar"
        >
          {user?.avatar ? <img src={user.avatar} alt="" /> : <UserOutline />}
        </button>
        <div className="profile__text">
          {signedIn ? (
            <>
              <div className="profile__name" data-testid="me-nickname">
                <bdi>{user?.nickname || '--'}</bdi>
              </div>
              <div className="profile__hint">
                <span dir="ltr" data-testid="me-account">
                  {maskAccount(user?.account)}
                </span>
                <span className="profile__id">{t('me.userId', { id: user?.user_id ?? '--' })}</span>
              </div>
            </>
          ) : (
            <>
              <div className="profile__name">{t('me.visitor')}</div>
              <div className="profile__hint">{t('me.visitorHint')}</div>
            </>
          )}
        </div>
        {signedIn ? null : (
          <Button
            color="primary"
            shape="rounded"
            size="small"
            data-testid="me-login"
            onClick={() => void navigate({ to: paths.login })}
          >
            {t('common.login')}
          </Button>
        )}
      </header>

      <main className="screen__body screen__body--columns">
        <div className="columns__col" data-testid="me-column-main">
          <section className="asset-card asset-card--me">
            <div className="asset-card__label">
              {t('home.totalAssets')} <span className="asset-card__unit">USDT</span>
            </div>
            <div className="asset-card__value">
              <span className="amount" dir="ltr">
                {formatUsdt(user?.total_assets)}
              </span>
            </div>
            <dl className="figures">
              {figures.map((figure) => (
                <div key={figure.key} className="figures__item">
                  <dt>{figure.label}</dt>
                  <dd>
                    <span className="amount" dir="ltr">
                      {formatUsdt(figure.value)}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
            <div className="asset-card__actions">
              <Button
                block
                shape="rounded"
                color="primary"
                onClick={() => void navigate({ to: paths.topUp })}
                data-testid="me-recharge"
              >
                <AddCircleOutline /> {t('me.recharge')}
              </Button>
              <Button
                block
                shape="rounded"
                fill="outline"
                className="button-ghost"
                onClick={() => void navigate({ to: paths.withdraw })}
                data-testid="me-withdraw"
              >
                {t('me.withdraw')}
              </Button>
            </div>
          </section>

          {signedIn ? (
            <CheckBadge showAbsent={false} onOpen={() => void navigate({ to: paths.reserves })} />
          ) : null}
        </div>

        <div className="columns__col" data-testid="me-column-side">
          <List className="menu" mode="card">
            {menu.map((entry) => (
              <MenuRow
                key={entry.key}
                icon={entry.icon}
                label={entry.label}
                value={entry.extra}
                arrow
                testId={`menu-${entry.key}`}
                onClick={() => void navigate({ to: entry.to, search: entry.search })}
              />
            ))}
          </List>

          {signedIn ? (
            <Button
              block
              shape="rounded"
              className="logout"
              loading={logout.isPending}
              data-testid="logout"
              onClick={() => void onLogout()}
            >
              {t('me.logout')}
            </Button>
          ) : null}
          <p className="app-version">Olive · {t('common.version', { version: APP_VERSION })}</p>
        </div>
      </main>
    </div>
  );
}
