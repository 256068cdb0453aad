// Reads the served OpenAPI document into the calls a fuzzer can drive, and derives for
// every field of a call fast-check arbitraries of valid, boundary and hostile values.
// The document is the contract: a field the schema leaves loose (any string that is
// really an amount) is fuzzed loosely, so tighten the schema rather than this file.
import fc from 'fast-check';
import { AMOUNT_REGEX, formatAmount, MAX_AMOUNT_UNITS, SIGNED_AMOUNT_REGEX } from '@olive/protocol';

export interface FieldSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  path: string;
  fields: Record<string, FieldSchema>;
  required: string[];
  signedIn: boolean;
  multipart: boolean;
  /** The documented schema of a code-1 reply, when the route declares one. */
  okSchema: unknown;
}

interface OpenApiDocument {
  paths: Record<string, { post?: OpenApiOperation }>;
}
interface OpenApiOperation {
  security?: unknown[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: object; required?: string[] } }>;
  };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [rawPath, item] of Object.entries(document.paths)) {
    const post = item.post;
    if (!post) continue;
    const contents = post.requestBody?.content ?? {};
    const [contentType, body] = Object.entries(contents)[0] ?? ['', {}];
    const schema = body?.schema ?? {};
    operations.push({
      // Wildcard families (/api/car/{*}) are fuzzed at one concrete path.
      path: rawPath.replace('{*}', 'info'),
      fields: (schema.properties ?? {}) as Record<string, FieldSchema>,
      required: schema.required ?? [],
      signedIn: (post.security ?? []).length > 0,
      multipart: contentType.startsWith('multipart/'),
      okSchema: post.responses?.['200']?.content?.['application/json']?.schema ?? null,
    });
  }
  return operations.sort((a, b) => a.path.localeCompare(b.path));
}

const enumValues = (schema: FieldSchema): string[] =>
  schema.enum
    ? schema.enum.map(String)
    : schema.anyOf
      ? schema.anyOf.flatMap((s) => enumValues(s))
      : [];

/** The kind of number a field holds, read from the document, or null for other fields. */
export type NumberKind = 'amount' | 'signed_amount' | 'count';
export function numberKindOf(schema: FieldSchema): NumberKind | null {
  if (schema.pattern === undefined) return schema.type === 'integer' ? 'count' : null;
  if (schema.pattern === AMOUNT_REGEX) return 'amount';
  if (schema.pattern === SIGNED_AMOUNT_REGEX) return 'signed_amount';
  if (schema.type === 'integer') return 'count';
  return null;
}

/**
 * 15 written every way Olive refuses (issue 30: some calls took " 15" or "015", others
 * did not): padded, zero-led, signed, exponent, too many decimals, grouped, hexadecimal,
 * full-width. Where a field is signed (a debit) or counts below zero, "-15" is plain.
 */
export function looseNumbers(kind: NumberKind, schema: FieldSchema): string[] {
  const shapes = [' 15', '15 ', '\t15', '015', '+15', '-15', '1e3', '15.123456789', '1,000'];
  const negativeOk = kind === 'signed_amount' || (kind === 'count' && (schema.minimum ?? 0) < 0);
  return [...shapes, '0x10', '１５', '15\n', '1_000', '٣'].filter(
    (s) => !(negativeOk && s === '-15'),
  );
}

/** Values a well-behaved client could send for this field. */
export function validValue(name: string, schema: FieldSchema): fc.Arbitrary<string> {
  const options = enumValues(schema);
  if (options.length > 0) return fc.constantFrom(...options);
  const kind = numberKindOf(schema);
  if (kind === 'amount' || kind === 'signed_amount') {
    // The plain writing of any amount the wire carries (a debit too, where signed).
    const min = kind === 'signed_amount' ? -MAX_AMOUNT_UNITS : 0n;
    return fc
      .oneof(
        fc.bigInt({ min, max: MAX_AMOUNT_UNITS }),
        fc.bigInt({ min: 0n, max: 100_000_000_000n }),
      )
      .map(formatAmount);
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = Math.max(schema.minimum ?? 0, -1e9);
    const max = Math.min(schema.maximum ?? 1e6, 1e15);
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).map(String);
  }
  if (schema.type === 'boolean') return fc.constantFrom('true', 'false', '1', '0');
  if (name === 'lang') return fc.constantFrom('en', 'ar', 'fr', 'ja', 'kr', 'tw', 'pt_br', 'xx');
  if (/amount|principal|price|range_(low|high)/.test(name)) {
    // Decimal amounts: up to 12 integer digits and 0 to 8 decimals.
    return fc
      .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.nat({ max: 99_999_999 }), fc.nat(8))
      .map(([whole, fraction, decimals]) =>
        decimals === 0
          ? String(whole)
          : `${whole}.${String(fraction).padStart(8, '0').slice(0, decimals)}`,
      );
  }
  if (/(^|_)id$|page|limit|days|grids/.test(name)) {
    return fc.oneof(
      fc.integer({ min: 1, max: 200 }).map(String),
      fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String),
    );
  }
  const maxLength = Math.min(schema.maxLength ?? 32, 64);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength, maxLength });
}

/** Edges of every kind of field: empty, longest and one past it, number extremes. */
export function boundaryValue(schema: FieldSchema): fc.Arbitrary<string> {
  const longest = schema.maxLength ?? 64;
  return fc.constantFrom(
    '',
    ' ',
    'a'.repeat(Math.min(longest, 10_000)),
    'a'.repeat(Math.min(longest + 1, 10_001)),
    '0',
    '-1',
    '-0',
    '1e5',
    '0.00000001',
    '0.000000001',
    '12345678.12345678',
    '12345678.123456789',
    '99999999999999999999',
    '9'.repeat(40),
    '9223372036854775807',
    '9223372036854775808',
    '18446744073709551616',
    '-9223372036854775809',
    '١٢٣',
    '１２３',
    '٣.٥',
    'NaN',
    'Infinity',
    '0x10',
    ' 5 ',
    '5\n',
    '1,000',
    '1.',
    '.5',
    'аdmin@example.com',
    'مرحبا123',
    '漢字テスト',
  );
}

/** Stands for a 100,000-character value, so that a failing case prints short. */
export const HUGE = '<100000 x>';

/** The SQL injections the fuzzer sends (a reply may echo one back as data: not a leak). */
export const SQL_INJECTIONS = [
  "' OR 1=1--",
  '1; DROP TABLE users;--',
  "1' UNION SELECT password_hash FROM users--",
] as const;

/** What an attacker sends: wrong types, injections, control characters, huge strings. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...SQL_INJECTIONS,
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '${7*7}',
    '{{7*7}}',
    '../../../../etc/passwd',
    '\u0000',
    'a\u0000b',
    '%00',
    '__proto__',
    'constructor',
    'true',
    'null',
    'undefined',
    '[]',
    '{}',
    '🙂🙂🙂',
    '\u202eevil',
    '\ud800',
    HUGE,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export function fieldValue(name: string, schema: FieldSchema): fc.Arbitrary<string | string[]> {
  return fc.oneof(
    { weight: 5, arbitrary: validValue(name, schema) },
    { weight: 2, arbitrary: boundaryValue(schema) },
    { weight: 2, arbitrary: hostileValue },
    // A repeated form key arrives as an array: the wrong type.
    { weight: 1, arbitrary: fc.array(validValue(name, schema), { minLength: 2, maxLength: 3 }) },
  );
}

/** A form body for the operation: required fields mostly present, optional ones sometimes. */
export function bodyFor(operation: Operation): fc.Arbitrary<Record<string, string | string[]>> {
  const entries = Object.entries(operation.fields).map(([name, schema]) => {
    const presence = operation.required.includes(name) ? 0.9 : 0.5;
    return fc
      .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fieldValue(name, schema))
      .map(([roll, value]) => (roll < presence ? ([name, value] as const) : null));
  });
  const extra = fc.option(
    fc.tuple(
      fc.constantFrom(
        '__proto__[admin]',
        'constructor[prototype][x]',
        'userid',
        'user_id',
        'balance',
      ),
      fc.constant('1'),
    ),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const body: Record<string, string | string[]> = {};
    for (const pair of pairs) if (pair) body[pair[0]] = pair[1];
    if (more) body[more[0]] = more[1];
    return body;
  });
}

export function encodeForm(body: Record<string, string | string[]>, expand = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      params.append(key, expand && v === HUGE ? 'x'.repeat(100_000) : v);
    }
  }
  return params.toString();
}
