import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { runCliProcess } from '../../../test/cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The CLI as a process, as an operator runs it: exit codes and the JSON line on stdout.
// Other tests call the same code in their own process (test/cli.ts).
describe('npm run cli -- user:create', () => {
  it('creates an account that can sign in, and refuses bad input with exit code 2', async () => {
    const created = await runCliProcess(t.databaseUrl, [
      'user:create',
      '--account',
      'Operator.Made@Example.com',
      '--password',
      'grove-keeper-81',
      '--fund-password',
      '654321',
    ]);
    expect(created).toMatchObject({
      exitCode: 0,
      json: { user_id: expect.stringMatching(/^\d+$/) },
    });
    const login = await t.call('/api/user/login', {
      account: 'operator.made@example.com',
      password: 'grove-keeper-81',
    });
    expect(login).toMatchObject({ code: 1, data: { user_id: created.json.user_id } });

    const duplicate = await runCliProcess(t.databaseUrl, [
      'user:create',
      '--account',
      'operator.made@example.com',
      '--password',
      'grove-keeper-81',
      '--fund-password',
      '654321',
    ]);
    expect(duplicate).toEqual({
      exitCode: 2,
      json: { error: 'This account is already registered.' },
    });
    const weak = await runCliProcess(t.databaseUrl, [
      'user:create',
      '--account',
      '13900001111',
      '--password',
      'qwerty123',
      '--fund-password',
      '654321',
    ]);
    expect(weak.exitCode).toBe(2);
    expect(weak.json.error).toMatch(/too common/);
    // Three CLI processes, each starting tsx: seconds apiece when CI runs three files at once.
  }, 120_000);
});
