// Request and reply shapes of the calls, shared by the server (validation, OpenAPI) and
// the apps (types). Every field on the wire is a string because requests are form-encoded.
import { Type, type Static, type TSchema } from 'typebox';
import { LANGUAGE_CODES } from './languages.ts';

/**
 * Every call carries `lang`; an unknown value (of any length) is read as English, never
 * refused: the protocol says so, and a refused `lang` would fail a valid sign-in.
 */
export const LangField = Type.Optional(
  Type.String({ description: `one of ${LANGUAGE_CODES.join(', ')}; anything else means en` }),
);

export function callBody<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object({ lang: LangField, ...properties });
}

export const UpdateRequest = callBody({
  version: Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,3}(\\.\\d{1,3}){0,2}$' }),
});
export type UpdateRequest = Static<typeof UpdateRequest>;

/** type: "" = up to date, "1" = optional update, "0" = forced update (API.md). */
export const UpdateData = Type.Object({
  type: Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1')]),
  version: Type.String(),
  android_url: Type.String(),
  ios_url: Type.String(),
});
export type UpdateData = Static<typeof UpdateData>;

/** Fund Details (`/api/user/usdtlog`): the changes of the balance, newest first. */
export const UsdtLogRequest = callBody({
  page: Type.Optional(Type.String({ maxLength: 6, pattern: '^[1-9]\\d{0,5}$' })),
  limit: Type.Optional(Type.String({ maxLength: 3, pattern: '^([1-9]\\d?|100)$' })),
  /** An entry kind (deposit, withdrawal_freeze, robot_settle, ...); empty = all. */
  kind: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]*$' })),
});
export type UsdtLogRequest = Static<typeof UsdtLogRequest>;

export const FundRecord = Type.Object({
  id: Type.String({ description: 'journal entry id' }),
  kind: Type.String({ description: 'entry kind' }),
  amount: Type.String({ description: 'signed change of the balance, e.g. "-25.5"' }),
  balance_after: Type.String(),
  created_at: Type.String({ description: 'ISO-8601, UTC' }),
  memo: Type.String(),
  description: Type.String({
    description: 'what the entry records, in its current state, translated into lang',
  }),
  state: Type.Optional(
    Type.String({ description: 'current state of what it records (a withdrawal: its status)' }),
  ),
});
export type FundRecord = Static<typeof FundRecord>;

export const UsdtLogData = Type.Object({
  list: Type.Array(FundRecord),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type UsdtLogData = Static<typeof UsdtLogData>;
