// Refine's data provider over the admin API: one mapping for every resource, as
// docs/admin-api.md describes it (getList -> list, getOne -> show, create, update,
// deleteOne -> delete, custom -> a named action).
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { adminCall } from '../../lib/api.ts';

interface ListData {
  list: BaseRecord[];
  total: number;
  /** users/list: false when `total` is an estimate (a million rows are not counted). */
  total_exact?: boolean;
}

/** `eq` filters become `filters[field]`; a filter named `q` becomes the free-text `q`. */
export function listBody(
  pagination: { currentPage?: number; pageSize?: number; mode?: string } | undefined,
  sorters: { field: string; order: 'asc' | 'desc' }[] | undefined,
  filters: CrudFilter[] | undefined,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (pagination?.mode !== 'off') {
    body.page = pagination?.currentPage ?? 1;
    body.limit = pagination?.pageSize ?? 20;
  } else {
    body.limit = 100;
  }
  const sorter = sorters?.[0];
  if (sorter) {
    body.sort = sorter.field;
    body.order = sorter.order;
  }
  const fields: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const value: unknown = Array.isArray(filter.value) ? filter.value[0] : filter.value;
    if (value === undefined || value === null || value === '') continue;
    if (filter.field === 'q') body.q = String(value).trim();
    else fields[filter.field] = value;
  }
  if (Object.keys(fields).length > 0) body.filters = fields;
  return body;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/admin',

  async getList({ resource, pagination, sorters, filters }) {
    const data = await adminCall<ListData>(
      `${resource}/list`,
      listBody(pagination, sorters, filters),
    );
    return { data: data.list as never[], total: data.total, exact: data.total_exact !== false };
  },

  async getOne({ resource, id }) {
    return { data: (await adminCall(`${resource}/show`, { id: String(id) })) as never };
  },

  async create({ resource, variables }) {
    return {
      data: (await adminCall(`${resource}/create`, variables as Record<string, unknown>)) as never,
    };
  },

  async update({ resource, id, variables }) {
    return {
      data: (await adminCall(`${resource}/update`, {
        ...(variables as Record<string, unknown>),
        id: String(id),
      })) as never,
    };
  },

  async deleteOne({ resource, id }) {
    return { data: (await adminCall(`${resource}/delete`, { id: String(id) })) as never };
  },

  async custom({ url, payload }) {
    // `url` is `<resource>/<action>` (a leading /api/admin/ is accepted too).
    const path = url.replace(/^\/?(api\/admin\/)?/, '');
    return { data: (await adminCall(path, (payload ?? {}) as Record<string, unknown>)) as never };
  },
};
