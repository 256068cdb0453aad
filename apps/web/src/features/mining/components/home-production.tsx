// Home's "production information" block: hashprice (one TH/s's output today, with its 30
// days and the next difficulty adjustment), today's network hash rate and difficulty, and
// how many machines investors rent. Links to mining.
import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { Section } from '../../../components/section.tsx';
import { paths } from '../../../config/paths.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { useHashprice, useProduction } from '../api/rank.ts';
import { HashpriceFigures } from './hashprice-card.tsx';
import { difficultyT } from '../utils.ts';
import { MiningDemoBadge } from './labels.tsx';
import '../mining.css';

// Memoised: Home redraws when maininfo answers, and this block depends on none of it.
export const HomeProduction = memo(function HomeProduction() {
  const { t } = useTranslation();
  const production = useProduction();
  const p = production.data;
  const hashprice = useHashprice();
  return (
    <Section
      title={t('mining.productionTitle')}
      extra={<MiningDemoBadge source={p?.source} />}
      testId="home-production"
    >
      <Link to={paths.mining} className="card production-card">
        <HashpriceFigures hashprice={hashprice.data} />
        <dl className="miner-figures">
          <div>
            <dt>{t('mining.networkHashrate')}</dt>
            <dd dir="ltr">{p ? `${p.network_hashrate_ehs} EH/s` : '—'}</dd>
          </div>
          <div>
            <dt>{t('mining.difficulty')}</dt>
            <dd dir="ltr">{p ? difficultyT(p.difficulty) : '—'}</dd>
          </div>
          <div>
            <dt>{t('mining.outputPerTh')}</dt>
            <dd dir="ltr">{p ? `${formatUsdt(p.output_per_ths_usdt, 4)} USDT` : '—'}</dd>
          </div>
          <div>
            <dt>{t('mining.minersRented')}</dt>
            <dd dir="ltr">{p ? p.miners_rented : '—'}</dd>
          </div>
        </dl>
        <span className="production-card__more">
          {t('mining.open')} <RightOutline />
        </span>
      </Link>
      <p className="footnote">{t('mining.estimateNote')}</p>
    </Section>
  );
});
