// Request and reply shapes of the calls, shared by the server (validation, OpenAPI) and
// the apps (types). Every field on the wire is a string because requests are form-encoded.
import { Type, type Static, type TSchema } from 'typebox';
import { LANGUAGE_CODES } from './languages.ts';
import { AMOUNT_MAX_LENGTH, AMOUNT_REGEX, SIGNED_AMOUNT_REGEX } from './numbers.ts';

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

/**
 * A request field holding an amount. The server reads every field with this pattern
 * through amountRefusal before anything else, so its refusal says what is wrong.
 */
export function AmountField(options: { signed?: boolean; description?: string } = {}) {
  return Type.String({
    minLength: 1,
    maxLength: AMOUNT_MAX_LENGTH + (options.signed ? 1 : 0),
    pattern: options.signed ? SIGNED_AMOUNT_REGEX : AMOUNT_REGEX,
    description:
      options.description ?? 'USDT, a plain decimal with at most 8 decimals, e.g. "25.5"',
  });
}

/**
 * A request field holding a count from `min` to `max`. An integer in the schema (so the
 * document states its bounds); the server reads the text through countRefusal before the
 * schema's coercion could read " 15", "015", "1e1" or "0x10" as a number.
 */
export function CountField(options: { min: number; max: number; description?: string }) {
  return Type.Integer({
    minimum: options.min,
    maximum: options.max,
    ...(options.description ? { description: options.description } : {}),
  });
}

/** A list's page, from 1. */
export const PageField = Type.Optional(CountField({ min: 1, max: 100_000, description: 'from 1' }));
/** A list's page size, at most 100 (API.md). */
export const LimitField = Type.Optional(CountField({ min: 1, max: 100, description: '1 to 100' }));

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
  page: PageField,
  limit: LimitField,
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
