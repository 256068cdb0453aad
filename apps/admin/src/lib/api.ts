// The one client of the admin API (docs/admin-api.md): POST JSON to
// /api/admin/<resource>/<action>, the operator's bearer token, the console's language, and
// the envelope {code, msg, data} unwrapped. A refusal becomes an AdminApiError that is also
// a Refine HttpError, so forms show `data.field` on the field and notifications show `msg`.
import type { HttpError } from '@refinedev/core';

const TOKEN_KEY = 'olive.admin.token';

export const CODE_OK = 1;
export const CODE_SIGNED_OUT = 10000;

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

let currentLang = 'en';

/** The language the server translates `msg` into (set by the i18n provider). */
export function setApiLanguage(lang: string) {
  currentLang = lang;
}

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  tologin?: number;
}

export class AdminApiError extends Error implements HttpError {
  /** 0 (refused) or 10000 (not signed in); HTTP status codes for transport failures. */
  readonly code: number;
  readonly statusCode: number;
  /** The stable message key (`admin.totp_required`, `validation.required`, ...). */
  readonly key: string;
  readonly field: string | undefined;
  readonly errors: Record<string, string> | undefined;

  constructor(code: number, message: string, key: string, field?: string) {
    super(message);
    this.name = 'AdminApiError';
    this.code = code;
    // Refine keys some behaviour on statusCode: 401 for signed out, 403 for refused roles.
    this.statusCode = code === CODE_SIGNED_OUT ? 401 : key === 'admin.forbidden' ? 403 : 400;
    this.key = key;
    this.field = field;
    this.errors = field ? { [field]: message } : undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Calls `/api/admin/<path>` and returns `data`, or throws AdminApiError. */
export async function adminCall<T = unknown>(
  path: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/admin/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, lang: currentLang }),
    });
  } catch {
    throw new AdminApiError(0, 'Network error', 'network');
  }
  if (!response.ok) {
    throw new AdminApiError(response.status, response.statusText || 'Error', 'http');
  }
  const envelope = (await response.json()) as Envelope;
  if (envelope.code === CODE_OK) return envelope.data as T;
  const data = asRecord(envelope.data);
  const key =
    typeof data.error === 'string'
      ? data.error
      : envelope.code === CODE_SIGNED_OUT
        ? 'admin.signed_out'
        : '';
  const field = typeof data.field === 'string' ? data.field : undefined;
  throw new AdminApiError(envelope.code, envelope.msg, key, field);
}
