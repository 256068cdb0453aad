// Mining machines investors rent: prices, stock and whether they are offered. No delete
// (rentals refer to them): disable instead.
import { useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import { ResourceTable } from '../../components/resource-table.tsx';
import { ResourceCreate, ResourceEdit, type Field } from '../../components/resource-form.tsx';
import { RowEdit } from '../../components/row-buttons.tsx';

const FIELDS: Field[] = [
  { key: 'name', required: true },
  { key: 'algorithm' },
  { key: 'hash_rate_ths', kind: 'decimal', required: true },
  { key: 'power_w', kind: 'integer', min: 0, required: true },
  { key: 'price_per_day', kind: 'decimal', required: true },
  { key: 'electricity_per_day', kind: 'decimal', required: true },
  { key: 'margin_rate', kind: 'decimal' },
  { key: 'min_days', kind: 'integer', min: 1, required: true },
  { key: 'stock', kind: 'integer', min: 0, required: true },
  { key: 'enabled', kind: 'bool' },
];

export function MiningModelsList() {
  const t = useTranslate();
  return (
    <List title={t('resources.mining-models')}>
      <ResourceTable
        resource="mining-models"
        columns={[
          { key: 'id', sortable: true },
          { key: 'name' },
          { key: 'hash_rate_ths' },
          { key: 'price_per_day', kind: 'money' },
          { key: 'electricity_per_day', kind: 'money' },
          { key: 'min_days' },
          { key: 'stock' },
          { key: 'rented' },
          { key: 'enabled', kind: 'bool' },
        ]}
        actions={(m) => <RowEdit id={m.id} />}
      />
    </List>
  );
}

export function MiningModelCreate() {
  return (
    <ResourceCreate
      resource="mining-models"
      fields={FIELDS}
      initialValues={{ algorithm: 'SHA-256', margin_rate: '0.2', enabled: true }}
    />
  );
}

export function MiningModelEdit() {
  return <ResourceEdit resource="mining-models" fields={FIELDS} />;
}
