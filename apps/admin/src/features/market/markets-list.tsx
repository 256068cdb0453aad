// Markets robots trade on. A disabled market takes no new robot; running ones go on until
// their owners stop them.
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ActionButton } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';

export function MarketsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.markets')}>
      <ResourceTable
        resource="markets"
        columns={[
          { key: 'market' },
          { key: 'enabled', kind: 'bool' },
          { key: 'min_principal', kind: 'money' },
          { key: 'robots_running' },
          { key: 'robots_running_demo' },
        ]}
        actions={(m) => (
          <ActionButton
            resource="markets"
            action="update"
            id={m.id!}
            body={{ enabled: !m.enabled }}
            danger={Boolean(m.enabled)}
            label={m.enabled ? t('buttons.disable') : t('buttons.enable')}
          />
        )}
      />
    </List>
  );
}
