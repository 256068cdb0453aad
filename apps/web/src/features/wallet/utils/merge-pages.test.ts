import { describe, expect, it } from 'vitest';
import { nextMerged, startCursor, type FetchKindPage, type MergeCursor } from './merge-pages.ts';

interface Row {
  id: string;
  kind: string;
  created_at: string;
}

/** A server holding `rows` (newest first), paging each kind as /api/user/usdtlog does. */
function server(rows: Row[]): { fetch: FetchKindPage<Row>; calls: number } {
  const state = {
    calls: 0,
    fetch: async (kind: string, page: number, limit: number) => {
      state.calls += 1;
      const matching = rows.filter((r) => kind === '' || r.kind === kind);
      return {
        list: matching.slice((page - 1) * limit, page * limit),
        total: matching.length,
      };
    },
  };
  return state;
}

function ledger(kinds: string[], count: number): Row[] {
  const rows: Row[] = [];
  for (let i = count; i >= 1; i--) {
    rows.push({
      id: String(i),
      kind: kinds[(i * 7) % kinds.length]!,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    });
  }
  return rows;
}

async function readAll(fetch: FetchKindPage<Row>, kinds: string[], limit: number) {
  const seen: Row[] = [];
  let cursor: MergeCursor | null = startCursor(kinds);
  while (cursor) {
    const page: Awaited<ReturnType<typeof nextMerged<Row>>> = await nextMerged(
      cursor,
      limit,
      fetch,
    );
    seen.push(...page.records);
    cursor = page.next;
  }
  return seen;
}

describe('nextMerged', () => {
  it('reads one stream page by page', async () => {
    const rows = ledger(['deposit', 'withdrawal_freeze'], 45);
    const api = server(rows);
    expect(await readAll(api.fetch, [''], 20)).toEqual(rows);
    expect(api.calls).toBe(3);
  });

  it('merges several kinds newest first, each record once', async () => {
    const rows = ledger(['deposit', 'withdrawal_freeze', 'withdrawal_release', 'robot_fund'], 97);
    const kinds = ['withdrawal_freeze', 'withdrawal_release'];
    const api = server(rows);
    const seen = await readAll(api.fetch, kinds, 10);
    expect(seen).toEqual(rows.filter((r) => kinds.includes(r.kind)));
  });

  it('works when one kind is empty or everything is', async () => {
    const rows = ledger(['deposit'], 12);
    expect(await readAll(server(rows).fetch, ['deposit', 'robot_fund'], 5)).toEqual(rows);
    expect(await readAll(server([]).fetch, ['deposit', 'robot_fund'], 5)).toEqual([]);
  });

  it('reports the total over the kinds', async () => {
    const rows = ledger(['a', 'b', 'c'], 30);
    const first = await nextMerged(startCursor(['a', 'b']), 5, server(rows).fetch);
    expect(first.total).toBe(rows.filter((r) => r.kind !== 'c').length);
    expect(first.records.length).toBeGreaterThan(0);
  });
});
