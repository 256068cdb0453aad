// Sign in with a wallet verified in the Security Center: the browser's wallet signs a
// one-time message. Without a wallet in this browser it says where to open Olive instead.
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { alertOk, toastFailure, toastSuccess } from '../../../lib/messages.ts';
import { hasWallet, useWalletLogin, walletFailureText } from '../api/wallet-sign-in.ts';
import '../security.css';

export function WalletLoginButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useWalletLogin();
  return (
    <Button
      block
      fill="outline"
      shape="rounded"
      size="large"
      loading={login.isPending}
      loadingText={t('common.loading')}
      className="wallet-login"
      data-testid="login-wallet"
      onClick={() => {
        if (!hasWallet()) {
          void alertOk(t('accountSecurity.walletMissing'), t('accountSecurity.walletSignIn'));
          return;
        }
        login.mutate(undefined, {
          onSuccess: (reply) => {
            toastSuccess(reply.msg);
            onSignedIn();
          },
          onError: (error) => {
            const local = walletFailureText(error);
            if (local) toastFailure(local);
          },
        });
      }}
    >
      {t('accountSecurity.walletSignIn')}
    </Button>
  );
}
