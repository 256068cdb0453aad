// pages/mining/mining: mining rental. Machines (with today's estimate and the rent form),
// my rentals, records and the leaderboard. Reached from Home's product card and its
// production block (docs/decisions/112b-mining-placement.md). Visitors see the machines
// and the leaderboard, and a login button where the rent button would be.
import { useState } from 'react';
import { Button, Popup, Tabs } from 'antd-mobile';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useInvalidateUserInfo, useUserInfo } from '../../features/account/api/get-user-info.ts';
import { useMinerModels, type MinerModel } from '../../features/mining/api/models.ts';
import { useHashprice } from '../../features/mining/api/rank.ts';
import { rentalSearch } from '../../features/mining/api/rentals.ts';
import { HashpriceFigures } from '../../features/mining/components/hashprice-card.tsx';
import { MiningDemoBadge, MiningEstimateNote } from '../../features/mining/components/labels.tsx';
import { MiningLeaderboard } from '../../features/mining/components/leaderboard.tsx';
import { ModelList } from '../../features/mining/components/model-list.tsx';
import { MiningRecords } from '../../features/mining/components/records.tsx';
import { MyRentals } from '../../features/mining/components/my-rentals.tsx';
import { RentForm } from '../../features/mining/components/rent-form.tsx';
import '../../features/mining/mining.css';

const TABS = ['machines', 'mine', 'records', 'rank'] as const;
type Tab = (typeof TABS)[number];

export default function MiningScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search: { tab?: unknown } = useSearch({ strict: false });
  const { signedIn, user } = useUserInfo();
  const refreshUser = useInvalidateUserInfo();
  const models = useMinerModels();
  const hashprice = useHashprice();
  const [tab, setTab] = useState<Tab>(
    TABS.includes(search.tab as Tab) ? (search.tab as Tab) : 'machines',
  );
  const [renting, setRenting] = useState<MinerModel | null>(null);
  const open = (rentalId: string) =>
    void navigate({ to: paths.miningDetail, search: rentalSearch(rentalId) });
  const needsLogin = !signedIn && (tab === 'mine' || tab === 'records');

  return (
    <div className="screen" data-testid="screen-mining">
      <PageHeader
        title={t('mining.title')}
        right={<MiningDemoBadge source={models.data?.source} />}
      />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="mining-tabs">
        <Tabs.Tab title={t('mining.tabMachines')} key="machines" />
        <Tabs.Tab title={t('mining.tabMine')} key="mine" />
        <Tabs.Tab title={t('mining.tabRecords')} key="records" />
        <Tabs.Tab title={t('mining.tabRank')} key="rank" />
      </Tabs>
      <main className="screen__body">
        {needsLogin ? (
          <div className="card mining-login">
            <p>{t('mining.loginBody')}</p>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => void navigate({ to: paths.login })}
            >
              {t('common.login')}
            </Button>
          </div>
        ) : tab === 'machines' ? (
          models.data ? (
            <>
              <div className="hashprice-card">
                <HashpriceFigures hashprice={hashprice.data} />
              </div>
              <MiningEstimateNote />
              <ModelList models={models.data.list} {...(signedIn ? { onRent: setRenting } : {})} />
              {!signedIn ? (
                <Button
                  block
                  color="primary"
                  shape="rounded"
                  onClick={() => void navigate({ to: paths.login })}
                  data-testid="mining-login"
                >
                  {t('mining.loginToRent')}
                </Button>
              ) : null}
              <p className="footnote">{t('mining.formula')}</p>
            </>
          ) : (
            <LoadingFallback />
          )
        ) : tab === 'mine' ? (
          <MyRentals onOpen={open} />
        ) : tab === 'records' ? (
          <MiningRecords />
        ) : (
          <MiningLeaderboard />
        )}
      </main>
      <Popup
        visible={renting !== null}
        onMaskClick={() => setRenting(null)}
        onClose={() => setRenting(null)}
        bodyClassName="rent-popup"
        destroyOnClose
      >
        {renting ? (
          <RentForm
            model={renting}
            balance={user?.balance}
            onRented={(rentalId) => {
              setRenting(null);
              void refreshUser();
              open(rentalId);
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}
