// Fund Details filters by groups of entry kinds ("Withdrawals" is a freeze or a release),
// while /api/user/usdtlog filters by one kind. A group is read as one stream per kind,
// merged newest first: a record is shown only once no unread record of another kind can
// be newer, so paging through a group never reorders what is already on screen.
export interface MergeRecord {
  id: string;
  created_at: string;
}

export interface KindPage<T> {
  list: T[];
  total: number;
}

/** How many records of each kind (by name; '' = every kind) have been shown. */
export type MergeCursor = Record<string, number>;

export type FetchKindPage<T> = (kind: string, page: number, limit: number) => Promise<KindPage<T>>;

/** Newest first: time, then the ledger's ever-growing id. */
export function newerFirst(a: MergeRecord, b: MergeRecord): number {
  const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (byTime !== 0) return byTime;
  if (/^\d+$/.test(a.id) && /^\d+$/.test(b.id)) {
    const [x, y] = [BigInt(a.id), BigInt(b.id)];
    return x === y ? 0 : x < y ? 1 : -1;
  }
  return b.id.localeCompare(a.id);
}

export const startCursor = (kinds: readonly string[]): MergeCursor =>
  Object.fromEntries(kinds.map((kind) => [kind, 0]));

/**
 * The next records of the merged stream after `cursor`, and the cursor after them
 * (null at the end). Each kind is read from the server page holding its next record.
 */
export async function nextMerged<T extends MergeRecord>(
  cursor: MergeCursor,
  limit: number,
  fetchPage: FetchKindPage<T>,
): Promise<{ records: T[]; next: MergeCursor | null; total: number }> {
  const kinds = Object.keys(cursor);
  const batches = await Promise.all(
    kinds.map(async (kind) => {
      const offset = cursor[kind] ?? 0;
      const page = Math.floor(offset / limit) + 1;
      const reply = await fetchPage(kind, page, limit);
      const list = reply.list.slice(offset % limit);
      const more = page * limit < reply.total && reply.list.length === limit;
      return { kind, list, more, total: reply.total };
    }),
  );

  // Unread records of a kind are older than its last one read: whatever is not older
  // than every such boundary can be shown now.
  const boundaries = batches
    .filter((b) => b.more && b.list.length > 0)
    .map((b) => b.list[b.list.length - 1]!);
  const boundary = boundaries.sort(newerFirst)[boundaries.length - 1];
  const tagged = batches.flatMap((b) => b.list.map((record) => ({ kind: b.kind, record })));
  tagged.sort((a, b) => newerFirst(a.record, b.record));
  const shown = boundary
    ? tagged.filter(({ record }) => newerFirst(record, boundary) <= 0)
    : tagged;

  const next: MergeCursor = { ...cursor };
  for (const { kind } of shown) next[kind] = (next[kind] ?? 0) + 1;
  const finished = batches.every((b) => (next[b.kind] ?? 0) >= b.total);
  return {
    records: shown.map(({ record }) => record),
    next: finished || shown.length === 0 ? null : next,
    total: batches.reduce((sum, b) => sum + b.total, 0),
  };
}
