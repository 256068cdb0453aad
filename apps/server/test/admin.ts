// The console's API as a test calls it: POST /api/admin/<path> with a JSON body and, when
// signed in, the operator's bearer token. Always HTTP 200 with the envelope.
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './harness.ts';

export type AdminReply<T = Record<string, unknown>> = {
  code: number;
  msg: string;
  data?: T & { error?: string; field?: string };
  tologin?: number;
};

export async function adminCall<T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<AdminReply<T>> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/${path}`,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as AdminReply<T>;
}

/** A new operator of `role`, signed in with TOTP enrolled, as the console requires; its token. */
export async function enrolledOperator(
  t: TestApp,
  email: string,
  role: 'admin' | 'finance' | 'support' | 'editor',
) {
  const created = await t.app.services.admin.operators.create({ email, role });
  const login = await adminCall<{ token: string }>(t, 'auth/login', {
    email,
    password: created.password,
  });
  const token = login.data!.token;
  const setup = await adminCall<{ secret: string }>(t, 'auth/totp-setup', {}, token);
  const otp = new TOTP({ secret: Secret.fromBase32(setup.data!.secret) }).generate();
  expect((await adminCall(t, 'auth/totp-enable', { otp }, token)).code).toBe(1);
  return token;
}
