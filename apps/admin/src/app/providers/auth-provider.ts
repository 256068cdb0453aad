// Refine's auth provider: password sign-in, then the second factor. A session without TOTP
// enrolled may only enrol (docs/admin-api.md, admin.totp_required), so `check` sends it to
// /enrol before any screen; a signed-out reply (10000) at any time returns to /login.
import type { AuthProvider } from '@refinedev/core';
import { AdminApiError, adminCall, getToken, setToken } from '../../lib/api.ts';
import { forgetOperator, loadOperator, type LoginParams } from '../../lib/operator.ts';

interface LoginReply {
  token: string;
  operator_id: string;
  totp_enabled: boolean;
  expires_at: string;
}

function isSignedOut(error: unknown) {
  return error instanceof AdminApiError && error.statusCode === 401;
}

export const authProvider: AuthProvider = {
  async login({ email, password, otp }: LoginParams) {
    try {
      const reply = await adminCall<LoginReply>('auth/login', {
        email: email.trim(),
        password,
        ...(otp ? { otp: otp.trim() } : {}),
      });
      setToken(reply.token);
      forgetOperator();
      return { success: true, redirectTo: reply.totp_enabled ? '/' : '/enrol' };
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      const named = new Error(error.message);
      named.name = error.key === 'admin.otp_required' ? 'OTP' : 'Sign-in';
      return {
        success: false,
        error: named,
        otpRequired: error.key === 'admin.otp_required' || error.key === 'admin.otp_invalid',
      };
    }
  },

  async logout() {
    if (getToken()) await adminCall('auth/logout').catch(() => undefined);
    setToken(null);
    forgetOperator();
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    if (!getToken()) return { authenticated: false, redirectTo: '/login' };
    try {
      const operator = await loadOperator();
      if (!operator.totp_enabled) return { authenticated: false, redirectTo: '/enrol' };
      return { authenticated: true };
    } catch (error) {
      if (isSignedOut(error)) setToken(null);
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
  },

  async onError(error: unknown) {
    if (isSignedOut(error)) {
      setToken(null);
      forgetOperator();
      return { logout: true, redirectTo: '/login' };
    }
    if (error instanceof AdminApiError && error.key === 'admin.totp_required') {
      return { redirectTo: '/enrol' };
    }
    return {};
  },

  async getIdentity() {
    if (!getToken()) return null;
    const operator = await loadOperator();
    return { id: operator.operator_id, name: operator.email, role: operator.role };
  },

  async getPermissions() {
    if (!getToken()) return [];
    return (await loadOperator()).permissions;
  },
};
