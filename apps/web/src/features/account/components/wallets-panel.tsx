// Security Center, sign-in wallets: the wallets verified for this account, each removable,
// and verifying the wallet of this browser by signing a one-time message.
import { Button, List } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { confirmAction, toastFailure, toastSuccess } from '../../../lib/messages.ts';
import { useSecurityInfo } from '../api/security.ts';
import {
  hasWallet,
  useRemoveWallet,
  useVerifyWallet,
  walletFailureText,
} from '../api/wallet-sign-in.ts';
import '../security.css';

export function WalletsPanel() {
  const { t } = useTranslation();
  const security = useSecurityInfo();
  const verify = useVerifyWallet();
  const remove = useRemoveWallet();
  const wallets = security.data?.wallets ?? [];
  const available = hasWallet();

  return (
    <div className="security-card form-card" data-testid="wallets-panel">
      <h2 className="security-card__title">{t('accountSecurity.walletTitle')}</h2>
      <p className="security-card__text">{t('accountSecurity.walletIntro')}</p>
      {wallets.length === 0 ? (
        <p className="security-card__text" data-testid="wallets-none">
          {t('accountSecurity.walletNone')}
        </p>
      ) : (
        <List className="wallet-list" data-testid="wallets-list">
          {wallets.map((w) => (
            <List.Item
              key={w.address}
              description={w.kind === 'evm' ? 'EVM (ERC20, BEP20)' : 'TRON (TRC20)'}
              extra={
                <Button
                  size="small"
                  fill="outline"
                  loading={remove.isPending && remove.variables === w.address}
                  data-testid="wallet-remove"
                  aria-label={`${t('accountSecurity.walletRemove')} ${w.address}`}
                  onClick={async () => {
                    const ok = await confirmAction(
                      t('accountSecurity.walletRemove'),
                      t('accountSecurity.walletRemoveConfirm', { address: w.address }),
                    );
                    if (ok) remove.mutate(w.address, { onSuccess: (r) => toastSuccess(r.msg) });
                  }}
                >
                  {t('accountSecurity.walletRemove')}
                </Button>
              }
            >
              <code className="wallet-list__address" dir="ltr" data-testid="wallet-address">
                {w.address}
              </code>
            </List.Item>
          ))}
        </List>
      )}
      {available ? null : (
        <p className="security-card__text" role="note" data-testid="wallets-missing">
          {t('accountSecurity.walletMissing')}
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        disabled={!available}
        loading={verify.isPending}
        loadingText={t('common.loading')}
        data-testid="wallet-verify"
        onClick={() =>
          verify.mutate(undefined, {
            onSuccess: (reply) => toastSuccess(reply.msg),
            onError: (error) => {
              const local = walletFailureText(error);
              if (local) toastFailure(local);
            },
          })
        }
      >
        {t('accountSecurity.walletVerify')}
      </Button>
    </div>
  );
}
