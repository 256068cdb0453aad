// The console's "Demo" mark: every row about an investor says whether that investor is a
// seeded demo investor (decision 111d), so no operator takes play money for a customer's.
// One look-up per page (users_demo_idx), whichever module the rows come from.

/** Which of these investors are demo investors (the users module's operations). */
export interface DemoAmong {
  demoAmong(ids: readonly string[]): Promise<ReadonlySet<string>>;
}
type Users = DemoAmong;

/** `rows`, each with `demo` for its investor (`user_id`). */
export async function markDemo<R extends { user_id: string }>(users: Users, rows: R[]) {
  const demo = await users.demoAmong(rows.map((r) => r.user_id));
  return rows.map((r) => ({ ...r, demo: demo.has(r.user_id) }));
}

/** A list loader whose page's rows are marked. */
export function withDemo<Q, R extends { user_id: string }, P extends { list: R[] }>(
  users: Users,
  load: (query: Q) => Promise<P>,
) {
  return async (query: Q) => {
    const page = await load(query);
    return { ...page, list: await markDemo(users, page.list) };
  };
}

/** One record about an investor, marked. */
export async function showDemo<R extends { user_id: string }>(users: Users, record: R) {
  return (await markDemo(users, [record]))[0]!;
}
