// Home's market block: the robot markets' live prices and 24-hour change, badged when
// the feed is the simulator. A tap opens the Trade tab on that market.
import { memo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { DemoBadge } from '../../../components/demo-badge.tsx';
import { Section } from '../../../components/section.tsx';
import { useMarkets } from '../api/get-markets.ts';
import { MarketList } from './market-list.tsx';

// Memoised: Home redraws when maininfo answers, and this block depends on none of it.
export const HomeMarkets = memo(function HomeMarkets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markets = useMarkets();
  return (
    <Section
      title={t('home.market')}
      extra={<DemoBadge source={markets.data?.source} label={t('trade.demoData')} />}
      testId="home-market"
    >
      <MarketList
        markets={markets.data}
        onSelect={(market) => void navigate({ to: paths.trade, search: { market: market.market } })}
      />
    </Section>
  );
});
