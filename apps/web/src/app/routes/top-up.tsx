// pages/personal/invest: Top Up. Choose the network, then the deposit address (QR, copy),
// the minimum and confirmations; deposits confirm live on screen and the balance follows.
// On the local devchain, "Send me test USDT" makes a real transfer to the address; its
// pending deposit then shows right under the button and is scrolled into view (issue 18),
// where the person is looking, instead of above the fold.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { toastSuccess } from '../../lib/messages.ts';
import { formatUsdt } from '../../lib/format.ts';
import { useInvalidateUserInfo, useUserInfo } from '../../features/account/api/get-user-info.ts';
import { useSendTestUsdt } from '../../features/wallet/api/send-test-usdt.ts';
import { DepositAddress } from '../../features/wallet/components/deposit-address.tsx';
import { DepositHistory, PendingDeposits } from '../../features/wallet/components/deposit-list.tsx';
import { NetworkSwitch } from '../../features/wallet/components/network-switch.tsx';
import { useLiveDeposits } from '../../features/wallet/hooks/use-live-deposits.ts';
import { isNetwork, type Network } from '../../features/wallet/utils/networks.ts';
import '../../features/wallet/wallet.css';

export default function TopUpScreen() {
  const { t } = useTranslation();
  const search: { network?: unknown } = useSearch({ strict: false });
  const [network, setNetwork] = useState<Network>(
    isNetwork(search.network) ? search.network : 'erc20',
  );
  const { user } = useUserInfo();
  const refreshUser = useInvalidateUserInfo();
  const { query, expecting, expect } = useLiveDeposits(network, refreshUser);
  const faucet = useSendTestUsdt();
  const info = query.data?.network === network ? query.data : undefined;
  const pendingCount = info?.deposits.filter((d) => d.status === 'pending').length ?? 0;
  const pendingBox = useRef<HTMLDivElement>(null);
  const seenPending = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount > seenPending.current || (expecting && pendingCount > 0)) {
      pendingBox.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
    seenPending.current = pendingCount;
  }, [pendingCount, expecting]);
  const pending = (
    <div ref={pendingBox}>
      <PendingDeposits network={network} deposits={info?.deposits ?? []} />
    </div>
  );

  const sendTest = () =>
    faucet.mutate(network, {
      onSuccess: (reply) => {
        toastSuccess(reply.msg);
        if (reply.data) expect(reply.data.tx_hash);
        void query.refetch();
      },
    });

  return (
    <div className="screen" data-testid="screen-top-up">
      <PageHeader title={t('pages.topUp')} />
      <main className="screen__body">
        <div className="balance-strip">
          <span>{t('me.balance')}</span>
          <span className="amount" dir="ltr" data-testid="top-up-balance">
            {formatUsdt(user?.balance)} USDT
          </span>
        </div>
        <NetworkSwitch value={network} onChange={setNetwork} />
        {info ? (
          <>
            {info.enabled ? null : (
              <p className="warning-line" data-testid="deposit-paused">
                {t('wallet.depositPaused')}
              </p>
            )}
            {info.faucet ? null : pending}
            <DepositAddress info={info} />
            {info.faucet ? (
              <section className="faucet" data-testid="faucet">
                <Button
                  block
                  shape="rounded"
                  fill="outline"
                  color="primary"
                  loading={faucet.isPending}
                  onClick={sendTest}
                  data-testid="faucet-send"
                >
                  {t('wallet.faucet')}
                </Button>
                <p className="footnote" role="status">
                  {expecting ? t('wallet.faucetWaiting') : t('wallet.faucetHint')}
                </p>
              </section>
            ) : null}
            {info.faucet ? pending : null}
            <DepositHistory network={network} deposits={info.deposits} />
          </>
        ) : (
          <LoadingFallback />
        )}
      </main>
    </div>
  );
}
