// Home's "production information" block: today's network hash rate and difficulty, the
// output of one TH/s today, and how many machines investors rent. Links to mining.
import { Link } from '@tanstack/react-router';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section.tsx';
import { paths } from '../../../config/paths.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { useProduction } from '../api/rank.ts';
import { MiningDemoBadge } from './labels.tsx';
import '../mining.css';

export function HomeProduction() {
  const { t } = useTranslation();
  const production = useProduction();
  const p = production.data;
  return (
    <Section
      title={t('mining.productionTitle')}
      extra={<MiningDemoBadge source={p?.source} />}
      testId="home-production"
    >
      <Link to={paths.mining} className="card production-card">
        <dl className="miner-figures">
          <div>
            <dt>{t('mining.networkHashrate')}</dt>
            <dd dir="ltr">{p ? `${p.network_hashrate_ehs} EH/s` : '—'}</dd>
          </div>
          <div>
            <dt>{t('mining.difficulty')}</dt>
            <dd dir="ltr">{p ? `${(Number(p.difficulty) / 1e12).toFixed(2)} T` : '—'}</dd>
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
}
