// Withdraw Wallet: the saved withdrawal address of each network, or "Not set" with the
// form to save one. Saved addresses are final here; customer service can change them.
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { NETWORKS, chainName, networkLabel, type Network } from '../utils/networks.ts';
import { AddressForm } from './address-form.tsx';
import { CopyAddress } from './copy-address.tsx';
import '../wallet.css';

export function WalletList({
  addresses,
  onSaved,
}: {
  addresses: Record<Network, string>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Network | null>(null);
  return (
    <ul className="wallet-list">
      {NETWORKS.map((network) => {
        const address = addresses[network];
        return (
          <li key={network} className="card wallet-card" data-testid={`wallet-${network}`}>
            <div className="wallet-card__head">
              <span className={`network-mark network-mark--${network}`} aria-hidden="true">
                {networkLabel[network].slice(0, 1)}
              </span>
              <div className="wallet-card__title">
                <strong>{networkLabel[network]}</strong>
                <span>{chainName[network]}</span>
              </div>
              {address ? (
                <span className="status-tag status-tag--up">
                  <LockOutline /> {t('wallet.saved')}
                </span>
              ) : (
                <span className="status-tag status-tag--muted" data-testid="wallet-not-set">
                  {t('wallet.notSet')}
                </span>
              )}
            </div>
            {address ? (
              <CopyAddress address={address} testId={`wallet-address-${network}`} />
            ) : editing === network ? (
              <AddressForm
                network={network}
                onSaved={() => {
                  setEditing(null);
                  onSaved();
                }}
              />
            ) : (
              <Button
                block
                shape="rounded"
                fill="outline"
                color="primary"
                onClick={() => setEditing(network)}
                data-testid={`wallet-set-${network}`}
              >
                {t('wallet.setAddress')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
