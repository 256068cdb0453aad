// Schema pieces every route uses: the reply envelope around a call's data.
import { Type, type TSchema } from 'typebox';

export function envelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer({ description: '1 ok, 0 failure, 10000 sign in' }),
    msg: Type.String(),
    data: Type.Optional(data),
    tologin: Type.Optional(Type.Integer()),
  });
}

/**
 * A row id from outside: 1 to 18 digits, so it is always inside PostgreSQL's bigint (an
 * id of 19 digits can pass 2^63 - 1 and end as a database error instead of a refusal).
 */
export const RowId = Type.String({ minLength: 1, maxLength: 18, pattern: '^[1-9]\\d{0,17}$' });
