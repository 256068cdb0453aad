// One list screen for every resource: Refine's useTable over the admin API's `list`, with
// paging, sorting and filtering done by the server (docs/admin-api.md), a filter bar built
// from the resource's filterable fields, and per-row actions the operator's role allows.
import { lazy, Suspense, type ReactNode } from 'react';
import { type BaseRecord, type CrudFilter, useTranslate } from '@refinedev/core';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { Button, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { DemoTag, Value, type ValueKind } from './values.tsx';

export interface Column {
  key: string;
  kind?: ValueKind;
  sortable?: boolean;
  width?: number;
  render?: (record: BaseRecord) => ReactNode;
}

export interface Filter {
  key: string;
  /** Choices for a select; none means free text. */
  options?: readonly string[];
  /** A date range sent as two filters, `from` and `to` (ISO times). */
  range?: boolean;
}

interface Props {
  resource: string;
  columns: Column[];
  filters?: Filter[];
  /** Free-text search (`q`), with the resource's own placeholder (`search.<resource>`). */
  search?: boolean;
  /** Filters always sent (a user's related lists). */
  permanent?: Record<string, unknown>;
  initial?: Record<string, unknown>;
  actions?: (record: BaseRecord) => ReactNode;
  /** Related lists inside a page: no URL sync, smaller pages. */
  embedded?: boolean;
  expandable?: (record: BaseRecord) => ReactNode;
  rowKey?: string;
  /** What an empty list says (the resource's own words rather than "No data"). */
  empty?: ReactNode;
}

const DateRangeFilter = lazy(async () => ({
  default: (await import('./date-range-filter.tsx')).DateRangeFilter,
}));

/** Select choices are strings; the API's boolean filters want booleans. */
function filterValue(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

const eq = (field: string, value: unknown): CrudFilter => ({ field, operator: 'eq', value });

export function ResourceTable({
  resource,
  columns,
  filters = [],
  search,
  permanent,
  initial,
  actions,
  embedded,
  expandable,
  rowKey = 'id',
  empty,
}: Props) {
  const t = useTranslate();
  const { tableProps, searchFormProps, sorters, tableQuery } = useTable<
    BaseRecord,
    never,
    Record<string, unknown>
  >({
    resource,
    syncWithLocation: !embedded,
    pagination: { pageSize: embedded ? 10 : 20 },
    filters: {
      permanent: Object.entries(permanent ?? {}).map(([k, v]) => eq(k, v)),
      initial: Object.entries(initial ?? {}).map(([k, v]) => eq(k, v)),
      defaultBehavior: 'replace',
    },
    onSearch: (values) => [
      ...(search ? [eq('q', filterValue(values.q))] : []),
      ...filters.flatMap((filter) => {
        if (!filter.range) return [eq(filter.key, filterValue(values[filter.key]))];
        const range = values[filter.key] as [Dayjs, Dayjs] | null | undefined;
        return [
          eq('from', range?.[0]?.startOf('day').toISOString()),
          eq('to', range?.[1]?.endOf('day').toISOString()),
        ];
      }),
    ],
  });

  const tableColumns: ColumnType<BaseRecord>[] = columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: t(`fields.${column.key}`, column.key),
    width: column.width,
    sorter: column.sortable ? true : undefined,
    defaultSortOrder: column.sortable ? getDefaultSortOrder(column.key, sorters) : undefined,
    render: (_: unknown, record: BaseRecord) => {
      const value = column.render ? (
        column.render(record)
      ) : (
        <Value kind={column.kind} value={record[column.key]} />
      );
      // Every row about a demo investor says so, beside the investor's account.
      return column.key === 'account' && record.demo === true ? (
        <Space size={4}>
          {value}
          <DemoTag />
        </Space>
      ) : (
        value
      );
    },
  }));
  if (actions) {
    tableColumns.push({
      key: 'actions',
      title: t('table.actions'),
      fixed: 'right',
      render: (_: unknown, record: BaseRecord) => <Space size="small">{actions(record)}</Space>,
    });
  }

  return (
    <>
      {(search || filters.length > 0) && (
        <Form
          {...searchFormProps}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          initialValues={initial}
          data-testid={`${resource}-filters`}
        >
          {search && (
            <Form.Item name="q">
              <Input
                allowClear
                placeholder={t(`search.${resource}`, t('search.default'))}
                aria-label={t(`search.${resource}`, t('search.default'))}
                style={{ width: 240 }}
              />
            </Form.Item>
          )}
          {filters.map((filter) =>
            filter.range ? (
              // Suspense outside the Form.Item: the item hands its value to its direct child.
              <Suspense key={filter.key} fallback={null}>
                <Form.Item name={filter.key}>
                  <DateRangeFilter aria-label={t(`fields.${filter.key}`, filter.key)} />
                </Form.Item>
              </Suspense>
            ) : (
              <Form.Item key={filter.key} name={filter.key}>
                {filter.options ? (
                  <Select
                    allowClear
                    aria-label={t(`fields.${filter.key}`, filter.key)}
                    placeholder={t(`fields.${filter.key}`, filter.key)}
                    style={{ minWidth: 150 }}
                    options={filter.options.map((value) => ({
                      value,
                      label: t(`values.${value}`, value),
                    }))}
                  />
                ) : (
                  <Input
                    allowClear
                    aria-label={t(`fields.${filter.key}`, filter.key)}
                    placeholder={t(`fields.${filter.key}`, filter.key)}
                    style={{ width: 150 }}
                  />
                )}
              </Form.Item>
            ),
          )}
          <Form.Item>
            <Button htmlType="submit" type="primary" data-testid={`${resource}-filter`}>
              {t('buttons.filter')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Table
        {...tableProps}
        rowKey={rowKey}
        columns={tableColumns}
        size="middle"
        scroll={{ x: 'max-content' }}
        {...(empty ? { locale: { emptyText: empty } } : {})}
        expandable={
          expandable
            ? {
                expandedRowRender: expandable,
                // A fixed column makes antd give the details row the table's visible width;
                // otherwise details as wide as 100% grow a content-sized table without end.
                fixed: 'left',
                // antd's own expand button has no accessible name.
                expandIcon: ({ expanded, onExpand, record }) => (
                  <Tooltip title={t(expanded ? 'table.collapse' : 'table.expand')}>
                    <Button
                      size="small"
                      type="text"
                      aria-expanded={expanded}
                      aria-label={t(expanded ? 'table.collapse' : 'table.expand')}
                      icon={expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                      onClick={(event) => onExpand(record, event)}
                    />
                  </Tooltip>
                ),
              }
            : undefined
        }
        pagination={{
          ...tableProps.pagination,
          showSizeChanger: !embedded,
          showTotal: (total) =>
            t(tableQuery.data?.exact === false ? 'table.totalAbout' : 'table.total', { total }),
        }}
      />
    </>
  );
}
