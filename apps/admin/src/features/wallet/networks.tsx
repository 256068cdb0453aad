// Network settings: confirmations, minimums, the withdrawal fee and daily limit, and
// whether deposits and withdrawals are open. The investor app reads them at once.
import { useTranslate } from '@refinedev/core';
import { Edit, List, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { ResourceTable } from '../../components/resource-table.tsx';
import { FormFields, type Field } from '../../components/resource-form.tsx';
import { RowEdit } from '../../components/row-buttons.tsx';

const FIELDS: Field[] = [
  { key: 'confirmations', kind: 'integer', min: 1, max: 1000, required: true },
  { key: 'min_deposit', kind: 'decimal', required: true },
  { key: 'min_withdrawal', kind: 'decimal', required: true },
  { key: 'withdrawal_fee', kind: 'decimal', required: true },
  { key: 'daily_withdrawal_limit', kind: 'decimal', required: true },
  { key: 'deposit_enabled', kind: 'bool' },
  { key: 'withdraw_enabled', kind: 'bool' },
];

export function NetworksList() {
  const t = useTranslate();
  return (
    <List title={t('resources.networks')}>
      <ResourceTable
        resource="networks"
        columns={[
          { key: 'network', render: (n) => String(n.network).toUpperCase() },
          { key: 'confirmations' },
          { key: 'min_deposit', kind: 'money' },
          { key: 'min_withdrawal', kind: 'money' },
          { key: 'withdrawal_fee', kind: 'money' },
          { key: 'daily_withdrawal_limit', kind: 'money' },
          { key: 'deposit_enabled', kind: 'bool' },
          { key: 'withdraw_enabled', kind: 'bool' },
          { key: 'contract_address', kind: 'hash' },
          { key: 'updated_at', kind: 'date' },
        ]}
        actions={(n) => <RowEdit id={n.id} testId={`edit-${String(n.id)}`} />}
      />
    </List>
  );
}

export function NetworkEdit() {
  const t = useTranslate();
  const { formProps, saveButtonProps, query } = useForm({
    resource: 'networks',
    mutationMode: 'pessimistic',
  });
  const network = query?.data?.data;
  return (
    <Edit
      goBack={false}
      title={`${t('resources.networks')} · ${String(network?.network ?? '').toUpperCase()}`}
      saveButtonProps={{ ...saveButtonProps, 'data-testid': 'save' } as typeof saveButtonProps}
    >
      <Form {...formProps} layout="vertical" style={{ maxWidth: 560 }}>
        <FormFields fields={FIELDS} />
      </Form>
    </Edit>
  );
}
