// The withdrawal review queue and history. Approving sends a withdrawal to the wallet
// worker; above the four-eyes threshold the first approval is recorded and a second,
// different operator must approve (the server refuses the same one twice). Rejecting
// needs a reason and returns the held funds to the investor.
import { useTranslate, type BaseRecord } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { Descriptions } from 'antd';
import { ActionButton, REASON } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';
import { MOVEMENT_COLUMNS, NETWORKS } from './columns.ts';
import { approvalsColumn } from './approvals-column.tsx';
import { Value } from '../../components/values.tsx';

const STATUSES = ['pending_review', 'approved', 'broadcast', 'confirmed', 'rejected', 'failed'];

function Details({ withdrawal }: { withdrawal: BaseRecord }) {
  const t = useTranslate();
  return (
    <Descriptions size="small" column={{ xs: 1, xl: 3 }}>
      {(
        [
          'address',
          'tx_hash',
          'fee',
          'receive_amount',
          'confirmations',
          'first_approved_by',
          'reviewed_by',
          'review_note',
          'failure_reason',
          'updated_at',
        ] as const
      ).map((key) => (
        <Descriptions.Item key={key} label={t(`fields.${key}`)}>
          <Value kind={key === 'updated_at' ? 'date' : 'text'} value={withdrawal[key]} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export function WithdrawalsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.withdrawals')}>
      <ResourceTable
        resource="withdrawals"
        initial={{ status: 'pending_review' }}
        columns={[
          ...MOVEMENT_COLUMNS,
          approvalsColumn(t),
          { key: 'created_at', kind: 'date', sortable: true },
        ]}
        filters={[
          { key: 'status', options: STATUSES },
          { key: 'network', options: NETWORKS },
          { key: 'awaiting', options: ['first', 'second'] },
          { key: 'user_id' },
        ]}
        expandable={(w) => <Details withdrawal={w} />}
        actions={(w) =>
          w.status === 'pending_review' && (
            <>
              <ActionButton
                resource="withdrawals"
                action="approve"
                id={w.id!}
                primary
                label={t('withdrawals.approve')}
                testId={`approve-${w.id}`}
              />
              <ActionButton
                resource="withdrawals"
                action="reject"
                id={w.id!}
                danger
                label={t('withdrawals.reject')}
                testId={`reject-${w.id}`}
                fields={[REASON]}
              />
            </>
          )
        }
      />
    </List>
  );
}
