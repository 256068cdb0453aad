// Every investor's grid robots; an operator can disable one (it stops taking orders) and
// enable it again.
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ActionButton } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';

export function RobotsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.robots')}>
      <ResourceTable
        resource="robots"
        columns={[
          { key: 'id', sortable: true },
          { key: 'account' },
          { key: 'market' },
          { key: 'direction', kind: 'enum' },
          { key: 'status', kind: 'state' },
          { key: 'disabled', kind: 'bool' },
          { key: 'principal', kind: 'money', sortable: true },
          { key: 'settled_net', kind: 'money' },
          { key: 'performance_fees', kind: 'money' },
          { key: 'started_at', kind: 'date' },
        ]}
        filters={[
          { key: 'market' },
          { key: 'status', options: ['not_started', 'waiting', 'running', 'ended'] },
          { key: 'disabled', options: ['true', 'false'] },
          { key: 'user_id' },
        ]}
        actions={(r) =>
          r.disabled ? (
            <ActionButton
              resource="robots"
              action="enable"
              id={r.id!}
              label={t('buttons.enable')}
            />
          ) : (
            <ActionButton
              resource="robots"
              action="disable"
              id={r.id!}
              danger
              label={t('buttons.disable')}
            />
          )
        }
      />
    </List>
  );
}
