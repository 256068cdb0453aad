// Every amount and count a call carries is read by the protocol's one parser (numbers.ts,
// decision 139) before the schema's coercion would take " 15", "015" or "0x10" for 15.
// A number not written plainly is refused, naming its field, and the call does nothing.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AMOUNT_REGEX,
  SIGNED_AMOUNT_REGEX,
  amountRefusal,
  countRefusal,
  type NumberRefusal,
} from '@olive/protocol';
import { numberError, type AppError, type NumberKind } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route calls looseNumberError itself, after its own checks (the console's session). */
    numbersCheckedByRoute?: boolean;
  }
}

interface NumberField {
  name: string;
  kind: NumberKind;
  refusal(value: unknown): NumberRefusal | null;
}

interface PropertySchema {
  type?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

const numberFields = new WeakMap<object, NumberField[]>();

/**
 * The amount and count fields of a body schema (protocol's AmountField and CountField):
 * amounts by their pattern, counts by their integer type and bounds. Read once per schema.
 */
function numberFieldsOf(schema: unknown): NumberField[] {
  if (!schema || typeof schema !== 'object') return [];
  const known = numberFields.get(schema);
  if (known) return known;
  const found: NumberField[] = [];
  const properties = (schema as { properties?: Record<string, PropertySchema> }).properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.pattern === AMOUNT_REGEX || property.pattern === SIGNED_AMOUNT_REGEX) {
      const signed = property.pattern === SIGNED_AMOUNT_REGEX;
      found.push({
        name,
        kind: signed ? 'signed_amount' : 'amount',
        refusal: (value) => amountRefusal(value, { signed }),
      });
    } else if (property.type === 'integer') {
      const rules = {
        min: property.minimum ?? 0,
        max: property.maximum ?? Number.MAX_SAFE_INTEGER,
      };
      found.push({ name, kind: 'count', refusal: (value) => countRefusal(value, rules) });
    }
  }
  numberFields.set(schema, found);
  return found;
}

/** The refusal of the first number field of the call's body not written plainly, or null. */
export function looseNumberError(request: FastifyRequest): AppError | null {
  const body = request.body;
  if (!body || typeof body !== 'object') return null;
  for (const field of numberFieldsOf(request.routeOptions.schema?.body)) {
    const value = (body as Record<string, unknown>)[field.name];
    // Absent, blank or repeated: the schema says "required" or "invalid" as before.
    if (value === undefined || value === null || value === '' || Array.isArray(value)) continue;
    const refusal = field.refusal(value);
    if (refusal) return numberError(field.name, field.kind, refusal);
  }
  return null;
}

export default fp(
  async (app) => {
    // After auth's preValidation (a stranger is asked to sign in first), before validation.
    app.addHook(
      'preValidation',
      (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        if (request.routeOptions.config.numbersCheckedByRoute) return done();
        done(looseNumberError(request) ?? undefined);
      },
    );
  },
  { name: 'olive-numbers', dependencies: ['olive-envelope'] },
);
