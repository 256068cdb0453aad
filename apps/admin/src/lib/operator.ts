// The signed-in operator (`auth/me`), fetched once per sign-in and shared by the auth and
// access-control providers (app/providers/). Cleared on sign-in, sign-out, enrolment (the
// enrol page) and a 10000 reply.
import { adminCall } from './api.ts';

/** What the sign-in form sends (Refine's useLogin, the auth provider's login). */
export interface LoginParams {
  email: string;
  password: string;
  otp?: string;
}

export interface Operator {
  operator_id: string;
  email: string;
  role: 'admin' | 'finance' | 'support' | 'editor';
  totp_enabled: boolean;
  permissions: string[];
}

let current: Promise<Operator> | null = null;

export function loadOperator(): Promise<Operator> {
  if (!current) {
    current = adminCall<Operator>('auth/me');
    current.catch(() => {
      current = null;
    });
  }
  return current;
}

export function forgetOperator() {
  current = null;
}
