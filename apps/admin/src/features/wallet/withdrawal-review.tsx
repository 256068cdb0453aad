// The withdrawal review queue: what waits for an operator, oldest first, and for each one
// what a reviewer weighs before sending money out (`withdrawals/review`): the investor's
// history (deposits, withdrawals, how old the account is), how old the destination is
// (saved when, first used by this investor and by anyone), what holds the account, and
// risk signals. Approve and reject are the same calls as the history's (four-eyes above
// the policy's threshold, a second different operator; a rejection needs its reason), each
// audited by the server.
import { useState } from 'react';
import { useTranslate, type BaseRecord } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { adminCall } from '../../lib/api.ts';
import { ActionButton, REASON } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';
import { DemoTag, Value } from '../../components/values.tsx';
import { Holds, type Hold } from '../../components/holds.tsx';
import { NETWORKS } from './columns.ts';
import { approvalsColumn } from './approvals-column.tsx';

interface Review {
  withdrawal: BaseRecord & {
    amount: string;
    network: string;
    address: string;
    needs_two_approvals: boolean;
    first_approved_by: string | null;
    created_at: string;
  };
  demo: boolean;
  investor: {
    id: string;
    account: string;
    status: string;
    created_at: string;
    age_days: number;
    two_factor: boolean;
  };
  deposits: { count: number; total: string; first_at: string | null };
  withdrawals: { count: number; total: string; largest: string };
  address: {
    saved_at: string | null;
    first_use_by_investor: string | null;
    first_use_by_anyone: string | null;
    other_investors: number;
  };
  holds: Hold[];
  signals: string[];
}

/** Signals that argue against sending at once are red; the rest ask for a look. */
const SERIOUS = new Set(['address_shared', 'password_changed', 'two_factor_changed', 'held']);

function When({ at }: { at: string | null }) {
  const t = useTranslate();
  if (!at) return <Typography.Text type="secondary">{t('review.never')}</Typography.Text>;
  const days = dayjs().diff(dayjs(at), 'day');
  return (
    <span>
      {dayjs(at).format('YYYY-MM-DD HH:mm')}{' '}
      <Typography.Text type="secondary">({t('review.daysAgo', { count: days })})</Typography.Text>
    </span>
  );
}

function ReviewPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useTranslate();
  const review = useQuery({
    queryKey: ['admin', 'withdrawal-review', id],
    queryFn: () => adminCall<Review>('withdrawals/review', { id }),
  });
  if (review.isLoading) return <Spin />;
  if (review.error) return <Alert type="error" showIcon message={review.error.message} />;
  const r = review.data!;
  const w = r.withdrawal;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="review-panel">
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('fields.amount')}>
          <Typography.Text strong>
            <Value kind="money" value={w.amount} /> USDT
          </Typography.Text>{' '}
          <Value kind="enum" value={w.network} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.address')}>
          <Typography.Text code copyable>
            {w.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.needs_two_approvals')}>
          {w.needs_two_approvals
            ? w.first_approved_by
              ? t('withdrawals.oneOfTwo', { by: w.first_approved_by })
              : t('withdrawals.twoNeeded')
            : t('values.no')}
        </Descriptions.Item>
      </Descriptions>

      <Card size="small" title={t('review.signals')} data-testid="review-signals">
        {r.signals.length === 0 ? (
          <Typography.Text type="secondary">{t('review.noSignals')}</Typography.Text>
        ) : (
          <Space direction="vertical" size={4}>
            {r.signals.map((s) => (
              <Space key={s} size={8} align="start" data-testid={`signal-${s}`}>
                <Tag color={SERIOUS.has(s) ? '#b91c1c' : '#8a5300'}>{t(`signals.${s}`)}</Tag>
                <Typography.Text type="secondary">{t(`signals.${s}Why`)}</Typography.Text>
              </Space>
            ))}
          </Space>
        )}
      </Card>

      <Card size="small" title={t('review.investor')}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('fields.account')}>
            <Space size={4}>
              <Link to={`/users/show/${r.investor.id}`}>{r.investor.account}</Link>
              {r.demo && <DemoTag />}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('review.accountAge')}>
            {t('review.days', { count: r.investor.age_days })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.two_factor')}>
            <Value kind="bool" value={r.investor.two_factor} />
          </Descriptions.Item>
          <Descriptions.Item label={t('review.deposited')}>
            {t('review.countTotal', { count: r.deposits.count, total: r.deposits.total })}
          </Descriptions.Item>
          <Descriptions.Item label={t('review.withdrawn')}>
            {t('review.countTotal', { count: r.withdrawals.count, total: r.withdrawals.total })}
          </Descriptions.Item>
          <Descriptions.Item label={t('review.largest')}>
            <Value kind="money" value={r.withdrawals.largest} />
            {' USDT'}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={t('review.destination')}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('review.savedAt')}>
            <When at={r.address.saved_at} />
          </Descriptions.Item>
          <Descriptions.Item label={t('review.firstUseInvestor')}>
            <When at={r.address.first_use_by_investor} />
          </Descriptions.Item>
          <Descriptions.Item label={t('review.firstUseAnyone')}>
            <When at={r.address.first_use_by_anyone} />
          </Descriptions.Item>
          <Descriptions.Item label={t('review.otherInvestors')}>
            {r.address.other_investors}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={t('users.holds')}>
        <Holds holds={r.holds} />
      </Card>

      <Space>
        <ActionButton
          resource="withdrawals"
          action="approve"
          id={id}
          primary
          label={t('withdrawals.approve')}
          testId="review-approve"
          onDone={onDone}
        />
        <ActionButton
          resource="withdrawals"
          action="reject"
          id={id}
          danger
          label={t('withdrawals.reject')}
          testId="review-reject"
          fields={[REASON]}
          onDone={onDone}
        />
      </Space>
    </Space>
  );
}

export function WithdrawalReview() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <List title={t('resources.withdrawal-review')}>
      <ResourceTable
        resource="withdrawals"
        permanent={{ status: 'pending_review' }}
        empty={<Empty description={t('review.empty')} />}
        columns={[
          { key: 'id', sortable: true },
          { key: 'account' },
          { key: 'network', kind: 'enum' },
          { key: 'amount', kind: 'money', sortable: true },
          approvalsColumn(t),
          { key: 'created_at', kind: 'date', sortable: true },
        ]}
        filters={[
          { key: 'network', options: NETWORKS },
          { key: 'awaiting', options: ['first', 'second'] },
        ]}
        actions={(w) => (
          <Button
            size="small"
            type="primary"
            data-testid={`review-${w.id}`}
            onClick={() => setOpen(String(w.id))}
          >
            {t('review.open')}
          </Button>
        )}
      />
      <Drawer
        open={open !== null}
        width={560}
        title={open ? t('review.title', { id: open }) : ''}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && (
          <ReviewPanel
            id={open}
            onDone={() => {
              setOpen(null);
              void queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawal-review'] });
            }}
          />
        )}
      </Drawer>
    </List>
  );
}
