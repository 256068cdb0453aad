// Request and reply shapes of the calls, shared by the server (validation, OpenAPI) and
// the apps (types). Every field on the wire is a string because requests are form-encoded.
import { Type, type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.ts';

/** Every call carries `lang`; an unknown value is read as English, never refused. */
export const LangField = Type.Optional(
  Type.String({ maxLength: 10, description: `one of ${LANGUAGE_CODES.join(', ')}` }),
);

export function callBody<
  P extends Record<string, ReturnType<typeof Type.String> | ReturnType<typeof Type.Optional>>,
>(properties: P) {
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
