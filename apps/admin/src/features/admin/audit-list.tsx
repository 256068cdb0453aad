// The audit log: every admin action and every refused one, append-only (the database
// refuses UPDATE and DELETE). Searchable by target, operator, action, outcome and time.
import { useTranslate, type BaseRecord } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { Descriptions } from 'antd';
import { ResourceTable } from '../../components/resource-table.tsx';
import { Value } from '../../components/values.tsx';

function Change({ row }: { row: BaseRecord }) {
  const t = useTranslate();
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label={t('fields.before')}>
        <Value kind="json" value={row.before} />
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.after')}>
        <Value kind="json" value={row.after} />
      </Descriptions.Item>
    </Descriptions>
  );
}

export function AuditList() {
  const t = useTranslate();
  return (
    <List title={t('resources.audit')}>
      <ResourceTable
        resource="audit"
        search
        columns={[
          { key: 'id', sortable: true },
          { key: 'at', kind: 'date' },
          { key: 'operator_email' },
          { key: 'ip' },
          { key: 'action' },
          { key: 'target' },
          { key: 'outcome', kind: 'state' },
          { key: 'reason' },
        ]}
        filters={[
          { key: 'action' },
          { key: 'operator_id' },
          { key: 'outcome', options: ['done', 'refused'] },
          { key: 'at', range: true },
        ]}
        expandable={(row) => <Change row={row} />}
      />
    </List>
  );
}
