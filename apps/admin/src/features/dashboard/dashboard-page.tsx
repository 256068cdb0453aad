// The day at a glance (dashboard/show): users, deposits and withdrawals today, fees,
// robots and rentals, reviews waiting, and the solvency line (what the platform owes
// investors against what it holds in custody, on the ledger and on chain).
import { useOne, useTranslate } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import dayjs from 'dayjs';

interface Dashboard {
  users_total: number;
  users_today: number;
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
  const ratio = day.solvency.ratio;
  const solvent = ratio === null || Number(ratio) >= 1;
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('resources.dashboard')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={t('dashboard.users')} value={day.users_total} />
            <Typography.Text type="secondary">
              {t('dashboard.today', { count: day.users_today })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={t('dashboard.deposits')} value={usdt(day.deposits_today.amount)} />
            <Typography.Text type="secondary">
              {t('dashboard.count', { count: day.deposits_today.count })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card>
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
          <Card>
            <Statistic title={t('dashboard.fees')} value={usdt(day.fee_revenue.today)} />
            <Typography.Text type="secondary">
              {t('dashboard.feesTotal', { amount: day.fee_revenue.total })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.robots')} value={day.robots_running} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.rentals')} value={day.rentals_active} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.reviews')} value={day.pending_reviews.withdrawals} />
            <Link to="/withdrawals?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=pending_review">
              {t('dashboard.awaitingSecond', { count: day.pending_reviews.awaiting_second })}
            </Link>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('dashboard.solvency')}>
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <Statistic
                  title={t('dashboard.liabilities')}
                  value={usdt(day.solvency.liabilities)}
                />
              </Col>
              <Col xs={24} md={6}>
                <Statistic
                  title={t('dashboard.custodyLedger')}
                  value={usdt(day.solvency.custody_ledger)}
                />
              </Col>
              <Col xs={24} md={6}>
                <Statistic
                  title={t('dashboard.custodyChain')}
                  value={
                    day.solvency.custody_chain === null ? '—' : usdt(day.solvency.custody_chain)
                  }
                />
              </Col>
              <Col xs={24} md={6}>
                <Statistic
                  title={t('dashboard.ratio')}
                  value={ratio === null ? '—' : `${(Number(ratio) * 100).toFixed(2)}%`}
                  valueStyle={{ color: solvent ? '#3f6600' : '#a8071a' }}
                />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('dashboard.asOf', { time: dayjs(day.as_of).format('YYYY-MM-DD HH:mm:ss') })}
      </Typography.Paragraph>
    </div>
  );
}
