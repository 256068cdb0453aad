// The reply envelope of every call (spec section 7, API.md). HTTP status is 200 for every
// answered call; `code` carries the outcome.
export const ReplyCode = {
  /** Failure; `msg` is translated into the request's `lang`. */
  Failure: 0,
  Ok: 1,
  /** Not signed in, expired or revoked token, or a `userid` header that disagrees. */
  NotSignedIn: 10000,
} as const;
export type ReplyCode = (typeof ReplyCode)[keyof typeof ReplyCode];

export interface Envelope<T = unknown> {
  code: ReplyCode;
  msg: string;
  data?: T;
  tologin?: 0 | 1;
}

export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
}

/** Reply header that carries a rotated session token: `Authorization: Bearer <token>`. */
export const TOKEN_HEADER = 'authorization';
export const USER_ID_HEADER = 'userid';
