// Deposits seen on every network: confirmations, credited ones, and those below the
// network's minimum (never credited, kept visible for support).
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ResourceTable } from '../../components/resource-table.tsx';
import { MOVEMENT_COLUMNS, NETWORKS } from './columns.ts';

export function DepositsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.deposits')}>
      <ResourceTable
        resource="deposits"
        search
        columns={[
          ...MOVEMENT_COLUMNS,
          {
            key: 'confirmations',
            render: (d) => `${String(d.confirmations)} / ${String(d.required_confirmations)}`,
          },
          { key: 'tx_hash', kind: 'hash' },
          { key: 'from_address', kind: 'hash' },
          { key: 'created_at', kind: 'date', sortable: true },
          { key: 'credited_at', kind: 'date' },
        ]}
        filters={[
          { key: 'network', options: NETWORKS },
          { key: 'status', options: ['pending', 'credited', 'below_minimum', 'orphaned'] },
          { key: 'user_id' },
        ]}
      />
    </List>
  );
}
