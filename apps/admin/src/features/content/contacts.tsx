// Customer-service contacts shown in the investor app. No delete: disable instead.
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ResourceTable } from '../../components/resource-table.tsx';
import { ResourceCreate, ResourceEdit, type Field } from '../../components/resource-form.tsx';
import { RowEdit } from '../../components/row-buttons.tsx';

const FIELDS: Field[] = [
  { key: 'kind', kind: 'select', options: ['group', 'person'], required: true },
  {
    key: 'channel',
    kind: 'select',
    options: ['telegram', 'whatsapp', 'email', 'line', 'phone', 'web'],
    required: true,
  },
  { key: 'label', required: true },
  { key: 'url', required: true },
  { key: 'hours' },
  { key: 'sort', kind: 'integer', min: 0, max: 100000 },
  { key: 'enabled', kind: 'bool' },
];

export function ContactsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.contacts')}>
      <ResourceTable
        resource="contacts"
        columns={[
          { key: 'id' },
          { key: 'kind', kind: 'state' },
          { key: 'channel', kind: 'enum' },
          { key: 'label' },
          { key: 'url' },
          { key: 'hours' },
          { key: 'sort' },
          { key: 'enabled', kind: 'bool' },
        ]}
        actions={(c) => <RowEdit id={c.id} />}
      />
    </List>
  );
}

export function ContactCreate() {
  return (
    <ResourceCreate
      resource="contacts"
      fields={FIELDS}
      initialValues={{ kind: 'group', enabled: true, sort: 0 }}
    />
  );
}

export function ContactEdit() {
  return <ResourceEdit resource="contacts" fields={FIELDS} />;
}
