// The console's generic list call (docs/admin-api.md): page, limit, one sort field from
// the resource's whitelist, filters already checked against the resource's whitelist.
// Repositories take it and apply it with applyList.
import type { SelectQueryBuilder } from 'kysely';

export interface ListQuery {
  page: number;
  limit: number;
  sort: string | undefined;
  order: 'asc' | 'desc';
  filters: Record<string, string | number | boolean>;
  q: string | undefined;
}

/** Orders by the whitelisted column for `query.sort` (default: the first one) and pages. */
export function applyList<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  sortable: Record<string, string>,
): SelectQueryBuilder<DB, TB, O> {
  const column = sortable[query.sort ?? ''] ?? Object.values(sortable)[0]!;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ordered = builder.orderBy(column as any, query.order);
  return ordered.limit(query.limit).offset((query.page - 1) * query.limit);
}
