// The generic list call's body and its checks: page and limit bounded, one sort field and
// the filters from the resource's whitelist (an unknown filter is refused, naming it).
import { LimitField, PageField } from '@olive/protocol';
import { Type } from 'typebox';
import { AppError, fieldError } from '../errors.ts';
import type { ListQuery } from '../db/list-query.ts';
import { RowId } from '../plugins/app/schemas.ts';
import { action } from './action.ts';

/** The body of a call on a settings singleton (the console sends the record's id). */
export const Singleton = { id: Type.Optional(Type.String({ maxLength: 40 })) };

/** The fields a change names: an absent one keeps its stored value. */
export const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A row id (18 digits at most: always inside bigint). */
export const ID = RowId;

export const listBody = {
  page: PageField,
  limit: LimitField,
  sort: Type.Optional(Type.String({ maxLength: 40 })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  filters: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 40 }),
      Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]),
    ),
  ),
  q: Type.Optional(Type.String({ maxLength: 100 })),
};

export type FilterKind = 'id' | 'text' | 'bool' | 'date' | readonly string[];

export interface ListSpec {
  sortable: readonly string[];
  filters?: Record<string, FilterKind>;
  /** Filters the call cannot do without (e.g. user_id for a user's ledger entries). */
  required?: readonly string[];
  defaultOrder?: 'asc' | 'desc';
}

export function listQuery(
  body: {
    page?: number | undefined;
    limit?: number | undefined;
    sort?: string | undefined;
    order?: 'asc' | 'desc' | undefined;
    filters?: Record<string, string | number | boolean> | undefined;
    q?: string | undefined;
  },
  spec: ListSpec,
): ListQuery {
  const filters: ListQuery['filters'] = {};
  for (const [name, raw] of Object.entries(body.filters ?? {})) {
    const kind = spec.filters?.[name];
    if (kind === undefined) {
      throw new AppError('admin.unknown_filter', { name }, { field: 'filters' });
    }
    if (raw === '' || raw === null) continue;
    const text = String(raw);
    if (kind === 'id') {
      // 18 digits at most, as RowId: always inside bigint.
      if (!/^[1-9]\d{0,17}$/.test(text)) throw fieldError(name, 'validation.invalid');
      filters[name] = text;
    } else if (kind === 'bool') {
      if (!['true', 'false'].includes(text)) throw fieldError(name, 'validation.invalid');
      filters[name] = text === 'true';
    } else if (kind === 'date') {
      // A date PostgreSQL can hold (JavaScript also parses years like -100000).
      const year = new Date(Date.parse(text)).getUTCFullYear();
      if (!(year >= 1970 && year <= 9999)) throw fieldError(name, 'validation.invalid');
      filters[name] = text;
    } else if (kind === 'text') {
      filters[name] = text;
    } else {
      if (!kind.includes(text)) throw fieldError(name, 'validation.invalid');
      filters[name] = text;
    }
  }
  for (const name of spec.required ?? []) {
    if (filters[name] === undefined) throw fieldError(name, 'validation.required');
  }
  if (body.sort !== undefined && !spec.sortable.includes(body.sort)) {
    throw fieldError('sort', 'validation.invalid');
  }
  return {
    page: body.page ?? 1,
    limit: body.limit ?? 20,
    sort: body.sort ?? spec.sortable[0],
    order: body.order ?? spec.defaultOrder ?? 'desc',
    filters,
    q: body.q?.trim() || undefined,
  };
}

/** A resource's list call (`<resource>/list`, permission `<resource>.list`): the body's
 * query checked against `spec`, what `load` returns for it, and the page asked for. */
export function listAction(
  resource: string,
  spec: ListSpec,
  load: (query: ListQuery) => Promise<{ list: unknown[]; total: number }>,
) {
  return action({
    path: `${resource}/list`,
    permission: `${resource}.list`,
    writes: false,
    body: listBody,
    async run(body) {
      const query = listQuery(body, spec);
      return { data: { ...(await load(query)), page: query.page, limit: query.limit } };
    },
  });
}

/** A resource's show call (`<resource>/show`, permission `<resource>.show`) by row id. */
export function showAction(resource: string, load: (id: string) => Promise<unknown>) {
  return action({
    path: `${resource}/show`,
    permission: `${resource}.show`,
    writes: false,
    body: { id: ID },
    run: async (body) => ({ data: await load(body.id) }),
  });
}
