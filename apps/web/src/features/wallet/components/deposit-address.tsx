// The deposit address of one network: QR code, the address with Copy, the minimum, the
// confirmations and when a deposit is credited, and the one warning that matters (only
// USDT, only on this network).
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import type { DepositInfo } from '../api/get-deposit-info.ts';
import { chainName, networkLabel } from '../utils/networks.ts';
import { CopyAddress } from './copy-address.tsx';
import '../wallet.css';

export function DepositAddress({ info }: { info: DepositInfo }) {
  const { t } = useTranslation();
  const network = `${networkLabel[info.network]} (${chainName[info.network]})`;
  return (
    <section className="card deposit-card" data-testid="deposit-card">
      <div className="deposit-card__qr" aria-label={t('wallet.qrLabel')} role="img">
        <QRCodeSVG
          value={info.address}
          size={176}
          marginSize={2}
          level="M"
          title={t('wallet.qrLabel')}
          bgColor="#f4f4e4"
          fgColor="#16180c"
        />
      </div>
      <div className="deposit-card__label">
        {t('wallet.depositAddress', { network: networkLabel[info.network] })}
      </div>
      <CopyAddress address={info.address} testId="deposit-address" />
      <dl className="facts">
        <div className="facts__item">
          <dt>{t('wallet.minDeposit')}</dt>
          <dd>
            <span className="amount" dir="ltr" data-testid="deposit-minimum">
              {formatUsdt(info.min_deposit, 0)} USDT
            </span>
          </dd>
        </div>
        <div className="facts__item">
          <dt>{t('wallet.confirmations')}</dt>
          <dd data-testid="deposit-confirmations">{info.confirmations}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('wallet.arrival')}</dt>
          <dd>{t('wallet.arrivalTime')}</dd>
        </div>
      </dl>
      <p className="warning-line" data-testid="deposit-warning">
        {t('wallet.onlyUsdt', { network })}
      </p>
    </section>
  );
}
