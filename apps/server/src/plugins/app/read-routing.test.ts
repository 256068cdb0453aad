// Read-your-writes through the API: a team list (lag-tolerant) is read on the replica,
// until its investor makes a call that writes; from then on that investor's lists come from
// the primary, while others' still come from the replica. The "replica" here is a second
// database with the same schema and none of the primary's rows, so where a read was
// answered shows in what it returns (replica lag itself is tested against a real streaming
// replica in db/replicas.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { poolOf } from '../../db/database.ts';
import { createReplicas, memoryWriters, type Replicas } from '../../db/replicas.ts';

describe('read routing through the API', () => {
  let primary: TestDatabase;
  let standIn: TestDatabase;
  let replicas: Replicas;
  let t: TestApp;
  beforeAll(async () => {
    primary = await createTestDatabase();
    standIn = await createTestDatabase();
    replicas = createReplicas({
      primary: poolOf(primary.db),
      replicaUrls: [standIn.url],
      poolSize: 2,
      maxLagMs: 5_000,
      stickyMs: 60_000,
      probeMs: 60_000,
      writers: memoryWriters(),
    });
    await replicas.probe();
    t = await createTestApp({ database: primary, replicas });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await replicas?.close();
    await primary?.drop();
    await standIn?.drop();
  });

  const members = async (headers: Record<string, string>) => {
    const reply = await t.call<{ list: { user_id: string }[] }>(
      '/api/user/teamuser',
      { page: '1' },
      headers,
    );
    expect(reply.code).toBe(1);
    return reply.data!.list.map((m) => m.user_id);
  };

  it("serves an investor's team list from the replica until they write, then from the primary", async () => {
    const leader = await register(t);
    const { invite_code } = await primary.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', leader.userId)
      .executeTakeFirstOrThrow();
    const member = await register(t, { invite_code });
    const other = await register(t);

    // The replica has none of it: the list read there is empty.
    expect(await members(leader.headers)).toEqual([]);
    expect(replicas.states()[0]!.reads).toBeGreaterThan(0);

    // A call that writes (saving a withdrawal address): the leader's reads go to the primary.
    const saved = await t.call(
      '/api/user/setaddress',
      {
        network: 'bep20',
        address: '0x00000000000000000000000000000000000a11ce',
        fund_password: '246810',
      },
      leader.headers,
    );
    expect(saved.code).toBe(1);
    expect(await members(leader.headers)).toEqual([member.userId]);

    // Someone who wrote nothing still reads the replica; a call that only reads marks nobody.
    expect(await members(other.headers)).toEqual([]);
    expect(await members(other.headers)).toEqual([]);
  });
});
