// pages/personal/draw: Withdraw. Choose the network; save its address once if there is
// none; then amount, fee, "You will receive" and the fund password. Below, every
// withdrawal with its state and transaction. Without a network in the link, it opens on
// the first network with a saved address (issue 18: not ERC20 when only BEP20 is usable).
import { useState } from 'react';
import { LockOutline } from 'antd-mobile-icons';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Section } from '../../components/section.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useInvalidateUserInfo, useUserInfo } from '../../features/account/api/get-user-info.ts';
import {
  holdReason,
  useDrawInfo,
  useInvalidateDrawInfo,
} from '../../features/wallet/api/get-draw-info.ts';
import { useInvalidateFundLog } from '../../features/wallet/api/get-fund-log.ts';
import { AddressForm } from '../../features/wallet/components/address-form.tsx';
import { CopyAddress } from '../../features/wallet/components/copy-address.tsx';
import { NetworkSwitch } from '../../features/wallet/components/network-switch.tsx';
import { WithdrawForm } from '../../features/wallet/components/withdraw-form.tsx';
import { WithdrawalList } from '../../features/wallet/components/withdrawal-list.tsx';
import {
  NETWORKS,
  isNetwork,
  networkLabel,
  type Network,
} from '../../features/wallet/utils/networks.ts';
import '../../components/section.css';
import '../../features/wallet/wallet.css';

/** A time kept left to right inside a sentence of any direction (LRI ... PDI). */
const ltr = (text: string) => `\u2066${text}\u2069`;

export default function WithdrawScreen() {
  const { t } = useTranslation();
  const search: { network?: unknown } = useSearch({ strict: false });
  const [chosen, setNetwork] = useState<Network | undefined>(
    isNetwork(search.network) ? search.network : undefined,
  );
  const { user, isLoading: userLoading } = useUserInfo();
  const usable = NETWORKS.find((n) => user?.addresses[n]);
  const network: Network = chosen ?? usable ?? 'erc20';
  const refreshUser = useInvalidateUserInfo();
  const query = useDrawInfo(network, !(chosen === undefined && userLoading));
  const info = query.data?.network === network ? query.data : undefined;

  const refreshDrawInfo = useInvalidateDrawInfo();
  const refreshFundLog = useInvalidateFundLog();

  const refreshBalances = () => {
    void refreshDrawInfo();
    void refreshFundLog();
    void refreshUser();
  };

  return (
    <div className="screen" data-testid="screen-withdraw">
      <PageHeader title={t('pages.withdraw')} />
      <main className="screen__body">
        <NetworkSwitch value={network} onChange={setNetwork} />
        {info ? (
          <>
            {info.locked_until ? (
              <p className="lock-banner" role="alert" data-testid="withdraw-locked">
                <LockOutline />
                <span>
                  {holdReason(info.locked_reason) ? (
                    <strong data-testid="withdraw-locked-reason">
                      {t(`wallet.holdReason.${info.locked_reason}`)}{' '}
                    </strong>
                  ) : null}
                  {t('wallet.lockedUntil', { time: ltr(formatDateTime(info.locked_until)) })}
                </span>
              </p>
            ) : null}
            {info.enabled ? null : (
              <p className="warning-line" data-testid="withdraw-paused">
                {t('wallet.withdrawPaused')}
              </p>
            )}
            {info.address ? (
              <>
                <section className="card saved-address" data-testid="withdraw-address">
                  <div className="saved-address__label">
                    {t('wallet.sendTo', { network: networkLabel[network] })}
                  </div>
                  <CopyAddress address={info.address} testId="withdraw-address-value" />
                  <p className="footnote">{t('wallet.addressFixed')}</p>
                </section>
                <WithdrawForm
                  info={info}
                  disabled={Boolean(info.locked_until) || !info.enabled}
                  onSubmitted={refreshBalances}
                  onRefused={() => void refreshDrawInfo()}
                />
              </>
            ) : (
              <Section title={t('wallet.addressFirst')} testId="withdraw-set-address">
                <p className="section__hint">
                  {t('wallet.addressFirstHint', { network: networkLabel[network] })}
                </p>
                <AddressForm network={network} onSaved={refreshUser} />
              </Section>
            )}
          </>
        ) : (
          <LoadingFallback />
        )}
        <Section title={t('wallet.records')} testId="withdraw-records">
          <WithdrawalList onSettled={refreshBalances} />
        </Section>
      </main>
    </div>
  );
}
