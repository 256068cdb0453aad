// The one API client. Every call is a form-encoded POST carrying `lang`, the bearer token
// and the user id; replies follow the envelope of API.md and the error catalogue of
// spec section 8 is applied here, so screens only see {code, msg, data}.
// The module, not the package index: the index also builds the call schemas (typebox),
// which the first load does not need (issue 17).
import { ReplyCode, TOKEN_HEADER, USER_ID_HEADER, type Envelope } from '@olive/protocol/envelope';
import { currentLanguage, i18n } from './i18n.ts';
import { toastFailure, toastText } from './messages.ts';
import { clearSession, getToken, getUserId, replaceToken } from './session.ts';

export const REQUEST_TIMEOUT_MS = 60_000;

/** The client's own failure code: nothing usable came back from the server. */
export const CLIENT_FAILURE = -1;

export type Reply<T> = Omit<Envelope<T>, 'code'> & {
  code: Envelope<T>['code'] | typeof CLIENT_FAILURE;
};

export type CallParams = Record<string, string | number | undefined>;

let goToLogin: () => void = () => {
  window.location.hash = '#/pages/public/login';
};

/** The router installs its own navigation so the redirect keeps history tidy. */
export function setLoginRedirect(redirect: () => void): void {
  goToLogin = redirect;
}

const failure = <T>(msg = 'unknow error'): Reply<T> => ({ code: CLIENT_FAILURE, msg });

const OFFLINE_MSG = 'offline';

/** The call was not sent because the device is offline (the person has been told). */
export const wasOffline = (reply: Reply<unknown>) =>
  reply.code === CLIENT_FAILURE && reply.msg === OFFLINE_MSG;

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const userId = getUserId();
  if (userId) headers[USER_ID_HEADER] = userId;
  return headers;
}

/** Codes 10000 and 0 of the catalogue, shared by form calls and uploads. */
function applyCatalogue(reply: Envelope<unknown>, failureText: string, quiet = false): void {
  if (reply.code === ReplyCode.NotSignedIn) {
    clearSession();
    if (reply.tologin === 1) {
      toastFailure(i18n.t('common.login'));
      goToLogin();
    }
  } else if (reply.code === ReplyCode.Failure && !quiet) {
    toastFailure(failureText);
  }
}

/**
 * `quiet`: a call the app makes on its own in the background (the automatic reserves
 * check): its failures are the caller's to show, never a toast over whatever screen is open.
 */
export async function callApi<T = unknown>(
  path: string,
  params: CallParams = {},
  { quiet = false }: { quiet?: boolean } = {},
): Promise<Reply<T>> {
  if (!navigator.onLine) {
    if (!quiet) toastText(i18n.t('errors.offline'), 3000);
    return failure(OFFLINE_MSG);
  }

  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) body.set(key, String(value));
  }
  body.set('lang', currentLanguage());

  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    ...authHeaders(),
  };

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    if (!quiet) toastText(i18n.t('errors.offline'), 3000);
    return failure();
  }

  const rotated = /^Bearer\s+(\S+)$/i.exec(response.headers.get(TOKEN_HEADER) ?? '');
  if (rotated?.[1]) replaceToken(rotated[1]);

  if (response.status !== 200) {
    if (!quiet) toastFailure(`ERROR ${response.status}`);
    return failure();
  }

  const text = await response.text().catch(() => '');
  if (!text) return failure('');
  let reply: Envelope<T>;
  try {
    reply = JSON.parse(text) as Envelope<T>;
  } catch {
    return failure();
  }

  applyCatalogue(reply, reply.msg, quiet);
  return reply;
}

/** An upload's reply: the envelope plus the `success` and `message` the spec reads. */
export type UploadReply<T> = Reply<T> & { success?: boolean; message?: string };

/**
 * The spec's image upload: multipart POST with `lang` first and the file in `field`. A
 * failure toasts the server message (or the error text); status 404 goes to the login
 * page, as the spec's upload client does.
 */
export async function uploadFile<T = unknown>(
  path: string,
  field: string,
  file: Blob,
  fileName = 'upload',
): Promise<UploadReply<T>> {
  if (!navigator.onLine) {
    toastText(i18n.t('errors.offline'), 3000);
    return failure(OFFLINE_MSG);
  }
  const form = new FormData();
  form.append('lang', currentLanguage());
  form.append(field, file, fileName);

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: authHeaders(),
      body: form,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    toastFailure(error instanceof Error && error.name !== 'TypeError' ? error.message : 'error');
    return failure();
  }

  const rotated = /^Bearer\s+(\S+)$/i.exec(response.headers.get(TOKEN_HEADER) ?? '');
  if (rotated?.[1]) replaceToken(rotated[1]);

  let reply: UploadReply<T> | null = null;
  try {
    reply = JSON.parse(await response.text()) as UploadReply<T>;
  } catch {
    reply = null;
  }
  if (response.status === 404) {
    toastFailure(reply?.message || reply?.msg || `ERROR ${response.status}`);
    goToLogin();
    return failure();
  }
  if (response.status !== 200 || !reply) {
    toastFailure(reply?.message || reply?.msg || `ERROR ${response.status}`);
    return failure();
  }
  applyCatalogue(reply as Envelope<T>, reply.message || reply.msg);
  return reply;
}

/** Thrown by `callData` when the reply is not code 1; the toast has already been shown. */
export class ApiError extends Error {
  constructor(readonly reply: Reply<unknown>) {
    super(reply.msg || 'unknow error');
    this.name = 'ApiError';
  }
}

/** For queries: the reply's data on code 1, otherwise an ApiError. */
export async function callData<T>(path: string, params?: CallParams): Promise<T> {
  const reply = await callApi<T>(path, params);
  if (reply.code !== ReplyCode.Ok) throw new ApiError(reply);
  return reply.data as T;
}

/** For mutations: the whole reply on code 1 (its msg is the success text), else an ApiError. */
export async function callOk<T>(path: string, params?: CallParams): Promise<Reply<T>> {
  const reply = await callApi<T>(path, params);
  if (reply.code !== ReplyCode.Ok) throw new ApiError(reply);
  return reply;
}

/**
 * The call never got an answer from the server (offline, timeout, 5xx): a screen says the
 * connection failed and waits to refetch, never that the thing does not exist.
 */
export const isConnectionFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.reply.code === CLIENT_FAILURE;

/** The `data` a refused call carries ({field, captcha_required}), if any. */
export function failureData(error: unknown): { field?: string; captcha_required?: boolean } {
  if (!(error instanceof ApiError)) return {};
  const data = error.reply.data;
  return data && typeof data === 'object' ? (data as { field?: string }) : {};
}
