// Investors: search by the start of the e-mail or phone, filter by state, sort by balance.
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ResourceTable } from '../../components/resource-table.tsx';
import { RowShow } from '../../components/row-buttons.tsx';

export function UsersList() {
  const t = useTranslate();
  return (
    <List title={t('resources.users')}>
      <ResourceTable
        resource="users"
        search
        columns={[
          { key: 'id', sortable: true },
          { key: 'account' },
          { key: 'nickname' },
          { key: 'status', kind: 'state' },
          { key: 'withdrawals_frozen', kind: 'bool' },
          { key: 'balance', kind: 'money', sortable: true },
          { key: 'inviter_id' },
          { key: 'created_at', kind: 'date', sortable: true },
        ]}
        filters={[
          { key: 'status', options: ['active', 'frozen'] },
          { key: 'withdrawals_frozen', options: ['true', 'false'] },
          { key: 'inviter_id' },
        ]}
        actions={(user) => <RowShow id={user.id} />}
      />
    </List>
  );
}
