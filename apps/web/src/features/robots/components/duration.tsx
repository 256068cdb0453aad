// A running time: "1d 02:03:04", the clock part always left to right.
import { useTranslation } from '../../../lib/i18n.ts';
import { splitDuration } from '../utils/figures.ts';

export function Duration({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const { days, clock } = splitDuration(seconds);
  return (
    <span className="amount" dir="ltr">
      {days > 0 ? `${t('trade.days', { n: days })} ` : ''}
      {clock}
    </span>
  );
}
