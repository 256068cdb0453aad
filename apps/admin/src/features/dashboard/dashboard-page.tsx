// The day at a glance (dashboard/show): users, deposits and withdrawals today, fees,
// robots and rentals, reviews waiting, and the solvency line (what the platform owes
// investors against what it holds in custody, on the ledger and on chain). Demo investors'
// play money is shown apart: it is owed to nobody (decision 111d).
import { useOne, useTranslate } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import dayjs from 'dayjs';

interface Dashboard {
  users_total: number;
  users_today: number;
  demo: { users: number; balances: string; robots_running: number; rentals_active: number };
  deposits_today: { count: number; amount: string };
  withdrawals_today: { count: number; amount: string };
  fee_revenue: { today: string; total: string };
  robots_running: number;
  rentals_active: number;
  pending_reviews: { withdrawals: number; awaiting_second: number };
  solvency: {
    liabilities: string;
    custody_ledger: string;
    custody_chain: string | null;
    custody_chain_at: string | null;
    custody_chain_source: 'chain' | 'snapshot' | null;
    custody_chain_error: string | null;
    ratio: string | null;
  };
  as_of: string;
}

export function DashboardPage() {
  const t = useTranslate();
  const { result: day, query } = useOne<Dashboard>({ resource: 'dashboard', id: 'dashboard' });
  if (query.isError) return <Alert type="error" showIcon message={query.error.message} />;
  if (!day) return <Skeleton active />;
  const usdt = (amount: string) => `${amount} USDT`;
  const { solvency } = day;
  const ratio = solvency.ratio;
  const solvent = ratio === null || Number(ratio) >= 1;
  const time = (iso: string | null) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
  const chainShort =
    solvency.custody_chain !== null &&
    Number(solvency.custody_chain) < Number(solvency.liabilities);
  const chainNote =
    solvency.custody_chain_error !== null
      ? t('dashboard.custodyChainUnread', { error: solvency.custody_chain_error })
      : solvency.custody_chain_source === 'chain'
        ? t('dashboard.custodyChainLive', { time: time(solvency.custody_chain_at) })
        : solvency.custody_chain_source === 'snapshot'
          ? t('dashboard.custodyChainSnapshot', { time: time(solvency.custody_chain_at) })
          : t('dashboard.custodyChainNone');
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('resources.dashboard')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title={<span title={t('dashboard.usersHelp')}>{t('dashboard.users')}</span>}
              value={day.users_total}
            />
            <Typography.Text type="secondary">
              {t('dashboard.today', { count: day.users_today })}
            </Typography.Text>
            {day.demo.users > 0 && (
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('dashboard.demoUsers', { count: day.demo.users })}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('dashboard.deposits')} value={usdt(day.deposits_today.amount)} />
            <Typography.Text type="secondary">
              {t('dashboard.count', { count: day.deposits_today.count })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title={t('dashboard.withdrawals')}
              value={usdt(day.withdrawals_today.amount)}
            />
            <Typography.Text type="secondary">
              {t('dashboard.count', { count: day.withdrawals_today.count })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('dashboard.fees')} value={usdt(day.fee_revenue.today)} />
            <Typography.Text type="secondary">
              {t('dashboard.feesTotal', { amount: day.fee_revenue.total })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('dashboard.robots')} value={day.robots_running} />
            {day.demo.robots_running > 0 && (
              <Typography.Text type="secondary">
                {t('dashboard.demoCounted', { count: day.demo.robots_running })}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('dashboard.rentals')} value={day.rentals_active} />
            {day.demo.rentals_active > 0 && (
              <Typography.Text type="secondary">
                {t('dashboard.demoCounted', { count: day.demo.rentals_active })}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('dashboard.reviews')} value={day.pending_reviews.withdrawals} />
            <Link to="/withdrawals?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=pending_review">
              {t('dashboard.awaitingSecond', { count: day.pending_reviews.awaiting_second })}
            </Link>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('dashboard.solvency')}>
            <Row gutter={[16, 16]}>
              <Col xs={24} md={12} xl={5}>
                <Statistic title={t('dashboard.liabilities')} value={usdt(solvency.liabilities)} />
              </Col>
              <Col xs={24} md={12} xl={5}>
                <Statistic
                  title={t('dashboard.custodyLedger')}
                  value={usdt(solvency.custody_ledger)}
                />
              </Col>
              <Col xs={24} md={12} xl={5} data-testid="custody-chain">
                <Statistic
                  title={t('dashboard.custodyChain')}
                  value={solvency.custody_chain === null ? '—' : usdt(solvency.custody_chain)}
                  valueStyle={chainShort ? { color: '#a8071a' } : undefined}
                />
                <Typography.Text
                  type={solvency.custody_chain_error === null ? 'secondary' : 'danger'}
                  style={{ fontSize: 12 }}
                  data-testid="custody-chain-note"
                >
                  {chainNote}
                </Typography.Text>
              </Col>
              <Col xs={24} md={12} xl={4} data-testid="solvency-ratio">
                <Statistic
                  title={t('dashboard.ratio')}
                  value={ratio === null ? '—' : `${(Number(ratio) * 100).toFixed(2)}%`}
                  valueStyle={{ color: solvent ? '#3f6600' : '#a8071a' }}
                />
              </Col>
              <Col xs={24} md={12} xl={5}>
                <Statistic
                  title={t('dashboard.demoBalances')}
                  value={usdt(day.demo.balances)}
                  // Apart and quieter: play money is context, not a figure to act on.
                  valueStyle={{ color: 'rgba(0, 0, 0, 0.66)', fontSize: 18 }}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('dashboard.demoBalancesHelp')}
                </Typography.Text>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('dashboard.asOf', { time: time(day.as_of) })}
      </Typography.Paragraph>
    </div>
  );
}
