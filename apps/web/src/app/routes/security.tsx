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
import { useTranslation } from 'react-i18next';
import { languageInfo, normalizeLanguage } from '@olive/protocol';
import { paths } from '../../config/paths.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
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
                {user.nickname}
              </div>
              <div className="identity__hint">
                {t('account.memberSince', { date: formatDate(user.created_at) })}
              </div>
              <div className="identity__hint">{t('account.avatarTap')}</div>
            </div>
          </section>

          <List className="menu" mode="card" header={t('account.profileSection')}>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <UserOutline />
                </span>
              }
              extra={<span className="menu__value">{user.nickname}</span>}
              arrowIcon
              onClick={() => void navigate({ to: paths.nickname })}
              data-testid="security-nickname-row"
            >
              {t('account.nickname')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  {user.account_kind === 'phone' ? <PhonebookOutline /> : <MailOutline />}
                </span>
              }
              extra={
                <span className="menu__value" dir="ltr" data-testid="security-account">
                  {user.account}
                </span>
              }
            >
              {t('account.account')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <UserAddOutline />
                </span>
              }
              extra={
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
            >
              {t('account.inviteCode')}
            </List.Item>
          </List>

          <List className="menu" mode="card" header={t('account.securitySection')}>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <LockOutline />
                </span>
              }
              arrowIcon
              onClick={() => void navigate({ to: paths.loginPassword })}
              data-testid="security-login-password"
            >
              {t('account.loginPassword')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <KeyOutline />
                </span>
              }
              arrowIcon
              onClick={() => void navigate({ to: paths.fundPassword })}
              data-testid="security-fund-password"
            >
              {t('account.fundPassword')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <CheckShieldOutline />
                </span>
              }
              extra={
                <span className="menu__value" data-testid="security-two-factor-state">
                  {security.data?.two_factor ? t('accountSecurity.on') : t('accountSecurity.off')}
                </span>
              }
              arrowIcon
              onClick={() => void navigate({ to: paths.twoFactor })}
              data-testid="security-two-factor"
            >
              {t('accountSecurity.twoFactor')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <LinkOutline />
                </span>
              }
              extra={
                <span className="menu__value" data-testid="security-wallets-count">
                  {security.data?.wallets.length ?? 0}
                </span>
              }
              arrowIcon
              onClick={() => void navigate({ to: paths.wallets })}
              data-testid="security-wallets"
            >
              {t('accountSecurity.walletTitle')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <CheckShieldOutline />
                </span>
              }
              arrowIcon
              onClick={() => void navigate({ to: paths.reserves })}
              data-testid="security-reserves"
            >
              {t('reserves.title')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  {user.account_kind === 'phone' ? <MailOutline /> : <PhonebookOutline />}
                </span>
              }
              extra={
                <span className="menu__value" dir="ltr" data-testid="security-bound">
                  {(user.account_kind === 'phone' ? security.data?.email : security.data?.phone) ||
                    t('accountSecurity.notBound')}
                </span>
              }
              arrowIcon={
                !(user.account_kind === 'phone' ? security.data?.email : security.data?.phone)
              }
              onClick={() => {
                const bound =
                  user.account_kind === 'phone' ? security.data?.email : security.data?.phone;
                if (!bound) void navigate({ to: paths.bind });
              }}
              data-testid="security-bind"
            >
              {(user.account_kind === 'phone' ? security.data?.email : security.data?.phone)
                ? t(user.account_kind === 'phone' ? 'auth.email' : 'auth.phone')
                : t(
                    user.account_kind === 'phone'
                      ? 'accountSecurity.bindEmail'
                      : 'accountSecurity.bindPhone',
                  )}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <GlobalOutline />
                </span>
              }
              extra={<span className="menu__value">{languageName}</span>}
              arrowIcon
              onClick={() => void navigate({ to: paths.language })}
              data-testid="security-language"
            >
              {t('account.language')}
            </List.Item>
            <List.Item
              prefix={
                <span className="menu__icon">
                  <BankcardOutline />
                </span>
              }
              extra={
                <span className="menu__value" data-testid="security-wallet-count">
                  {t('account.walletSaved', {
                    n: Object.values(user.addresses).filter(Boolean).length,
                  })}
                </span>
              }
              arrowIcon
              onClick={() => void navigate({ to: paths.wallet })}
              data-testid="security-wallet"
            >
              {t('account.walletAddress')}
            </List.Item>
          </List>
        </main>
      ) : (
        <LoadingFallback />
      )}
    </div>
  );
}
