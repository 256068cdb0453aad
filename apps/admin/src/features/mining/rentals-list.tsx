// Mining rentals of every investor.
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ResourceTable } from '../../components/resource-table.tsx';

export function RentalsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.rentals')}>
      <ResourceTable
        resource="rentals"
        columns={[
          { key: 'id', sortable: true },
          { key: 'account' },
          { key: 'model' },
          { key: 'hash_rate_ths' },
          { key: 'days' },
          { key: 'status', kind: 'state' },
          { key: 'auto_renew', kind: 'bool' },
          { key: 'started_at', kind: 'date' },
          { key: 'expires_at', kind: 'date' },
        ]}
        filters={[
          { key: 'status', options: ['active', 'expired'] },
          { key: 'model_id' },
          { key: 'user_id' },
        ]}
      />
    </List>
  );
}
