// The ledger audit (`npm run audit`): every balance recomputed from its postings, every
// entry balanced, custody against liabilities. Run on demand; nothing is changed.
import { useOne, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Skeleton, Table, Typography } from 'antd';
import { Value } from '../../components/values.tsx';

interface Check {
  name: string;
  ok: boolean;
  [detail: string]: unknown;
}

export function LedgerAudit() {
  const t = useTranslate();
  const { result, query } = useOne<{ id?: string; ok: boolean; checks: Check[] }>({
    resource: 'ledger-audit',
    id: 'ledger-audit',
  });
  return (
    <Card
      title={t('resources.ledger-audit')}
      extra={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('ledgerAudit.run')}
        </Button>
      }
    >
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      {!result && !query.isError && <Skeleton active />}
      {result && (
        <>
          <Alert
            type={result.ok ? 'success' : 'error'}
            showIcon
            message={result.ok ? t('ledgerAudit.ok') : t('ledgerAudit.failed')}
            style={{ marginBottom: 16 }}
          />
          <Table
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={result.checks}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('fields.name') },
              {
                key: 'ok',
                title: t('fields.ok'),
                render: (_: unknown, c: Check) => <Value kind="bool" value={c.ok} />,
              },
              {
                key: 'details',
                title: t('fields.details'),
                render: (_: unknown, { name: _n, ok: _o, detail, ...rest }: Check) => (
                  <Typography.Text style={{ fontSize: 12 }}>
                    {typeof detail === 'string'
                      ? detail
                      : JSON.stringify({ ...(detail === undefined ? {} : { detail }), ...rest })}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
