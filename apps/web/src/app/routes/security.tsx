// pages/setting/information: the security centre. Avatar (tap to upload), nickname,
// account, invitation code, passwords, language and the withdrawal wallet.
import { List } from 'antd-mobile';
import {
  BankcardOutline,
  CheckShieldOutline,
  GlobalOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  PhonebookOutline,
  LinkOutline,
  UserAddOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { languageInfo, normalizeLanguage } from '@olive/protocol/languages';
import { paths } from '../../config/paths.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { MenuRow } from '../../components/menu-row.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { formatDate } from '../../lib/format.ts';
import { toastFailure, toastSuccess } from '../../lib/messages.ts';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import { AvatarPicker } from '../../features/account/components/avatar-picker.tsx';
import { useSecurityInfo } from '../../features/account/api/security.ts';
import '../../features/account/profile.css';

export default function SecurityScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUserInfo();
  const security = useSecurityInfo();
  const languageName = languageInfo(normalizeLanguage(i18n.language)).name;

  const go = (to: string) => () => void navigate({ to });
  // The identifier the account was not registered with: bound, or offered for binding.
  const byPhone = user?.account_kind === 'phone';
  const bound = byPhone ? security.data?.email : security.data?.phone;

  const copyInvite = async () => {
    if (!user) return;
    if (await copyText(user.invite_code)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };

  return (
    <div className="screen" data-testid="screen-security">
      <PageHeader title={t('me.security')} />
      {user ? (
        <main className="screen__body">
          <section className="identity">
            <AvatarPicker avatar={user.avatar} />
            <div className="identity__text">
              <div className="identity__name" data-testid="security-nickname">
                <bdi>{user.nickname}</bdi>
              </div>
              <div className="identity__hint">
                {t('account.memberSince', { date: formatDate(user.created_at) })}
              </div>
              <div className="identity__hint">{t('account.avatarTap')}</div>
            </div>
          </section>

          <List className="menu" mode="card" header={t('account.profileSection')}>
            <MenuRow
              icon={<UserOutline />}
              label={t('account.nickname')}
              value={<bdi className="menu__value">{user.nickname}</bdi>}
              onClick={go(paths.nickname)}
              testId="security-nickname-row"
            />
            <MenuRow
              icon={user.account_kind === 'phone' ? <PhonebookOutline /> : <MailOutline />}
              label={t('account.account')}
              value={
                <span className="menu__value" dir="ltr" data-testid="security-account">
                  {user.account}
                </span>
              }
            />
            <MenuRow
              icon={<UserAddOutline />}
              label={t('account.inviteCode')}
              value={
                <span className="invite-code">
                  <code dir="ltr" data-testid="security-invite">
                    {user.invite_code}
                  </code>
                  <button
                    type="button"
                    className="chip-button"
                    onClick={() => void copyInvite()}
                    data-testid="copy-invite"
                  >
                    {t('common.copy')}
                  </button>
                </span>
              }
            />
          </List>

          <List className="menu" mode="card" header={t('account.securitySection')}>
            <MenuRow
              icon={<LockOutline />}
              label={t('account.loginPassword')}
              onClick={go(paths.loginPassword)}
              testId="security-login-password"
            />
            <MenuRow
              icon={<KeyOutline />}
              label={t('account.fundPassword')}
              onClick={go(paths.fundPassword)}
              testId="security-fund-password"
            />
            <MenuRow
              icon={<CheckShieldOutline />}
              label={t('accountSecurity.twoFactor')}
              value={
                <span className="menu__value" data-testid="security-two-factor-state">
                  {security.data?.two_factor ? t('accountSecurity.on') : t('accountSecurity.off')}
                </span>
              }
              onClick={go(paths.twoFactor)}
              testId="security-two-factor"
            />
            <MenuRow
              icon={<LinkOutline />}
              label={t('accountSecurity.walletTitle')}
              value={
                <span className="menu__value" data-testid="security-wallets-count">
                  {security.data?.wallets.length ?? 0}
                </span>
              }
              onClick={go(paths.wallets)}
              testId="security-wallets"
            />
            <MenuRow
              icon={<CheckShieldOutline />}
              label={t('reserves.title')}
              onClick={go(paths.reserves)}
              testId="security-reserves"
            />
            <MenuRow
              icon={byPhone ? <MailOutline /> : <PhonebookOutline />}
              label={
                bound
                  ? t(byPhone ? 'auth.email' : 'auth.phone')
                  : t(byPhone ? 'accountSecurity.bindEmail' : 'accountSecurity.bindPhone')
              }
              value={
                <span className="menu__value" dir="ltr" data-testid="security-bound">
                  {bound || t('accountSecurity.notBound')}
                </span>
              }
              arrow={!bound}
              onClick={() => {
                if (!bound) void navigate({ to: paths.bind });
              }}
              testId="security-bind"
            />
            <MenuRow
              icon={<GlobalOutline />}
              label={t('account.language')}
              value={<span className="menu__value">{languageName}</span>}
              onClick={go(paths.language)}
              testId="security-language"
            />
            <MenuRow
              icon={<BankcardOutline />}
              label={t('account.walletAddress')}
              value={
                <span className="menu__value" data-testid="security-wallet-count">
                  {t('account.walletSaved', {
                    n: Object.values(user.addresses).filter(Boolean).length,
                  })}
                </span>
              }
              onClick={go(paths.wallet)}
              testId="security-wallet"
            />
          </List>
        </main>
      ) : (
        <LoadingFallback />
      )}
    </div>
  );
}
