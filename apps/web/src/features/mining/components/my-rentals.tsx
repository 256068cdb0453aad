// My rentals, newest first: model, hash power, status, cumulative earnings and expiry.
import { Tag } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
import { formatDate, formatUsdt } from '../../../lib/format.ts';
import { useMyRentals, type Rental } from '../api/rentals.ts';

export function RentalStatus({ rental }: { rental: Pick<Rental, 'status'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={rental.status === 'active' ? 'success' : 'default'} data-testid="rental-status">
      {t(`mining.status.${rental.status}`)}
    </Tag>
  );
}

export function MyRentals({ onOpen }: { onOpen: (rentalId: string) => void }) {
  const { t } = useTranslation();
  const rentals = useMyRentals();
  const list = rentals.data?.list ?? [];
  if (rentals.isSuccess && list.length === 0) {
    return (
      <div className="card">
        <StatePanel
          icon={<ClockCircleOutline />}
          title={t('mining.noRentals')}
          body={t('mining.noRentalsBody')}
        />
      </div>
    );
  }
  return (
    <ul className="rental-list" data-testid="my-rentals">
      {list.map((r) => (
        <li key={r.rental_id}>
          <button
            type="button"
            className="rental-row"
            onClick={() => onOpen(r.rental_id)}
            data-testid="rental-row"
          >
            <span className="rental-row__main">
              <strong>{r.model}</strong>
              <small dir="ltr">{r.hash_rate_ths} TH/s</small>
            </span>
            <span className="rental-row__figures">
              <span dir="ltr" className="rental-row__earned">
                +{formatUsdt(r.cumulative_earnings, 2, 2)}
              </span>
              <small>
                {t('mining.expires')} {formatDate(r.expires_at)}
              </small>
            </span>
            <RentalStatus rental={r} />
          </button>
        </li>
      ))}
    </ul>
  );
}
