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
