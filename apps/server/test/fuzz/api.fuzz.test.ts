// Property-based API fuzzing from the served OpenAPI document (our Schemathesis: that tool
// lives on PyPI, which these machines cannot reach). Every documented call gets valid,
// boundary and hostile values for each field, signed in and not; money calls also run in
// random stateful sequences. A reply passes when it is a documented envelope with no
// stack, SQL or "something went wrong" in it, the server logged no error, and the ledger
// audit stays clean. A failure prints the request, shrunk, ready to replay with curl.
// The console's calls are fuzzed again with an operator's session (TOTP enrolled).
// FUZZ_RUNS (default 40) sets the runs per call; CI runs the default.
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { Secret, TOTP } from 'otpauth';
import { Ajv } from 'ajv';
import { adminCall } from '../admin.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { register } from '../accounts.ts';
import { auditRepository } from '../../src/modules/ledger/audit.repository.ts';
import { auditService } from '../../src/modules/ledger/audit.service.ts';
import { platformAccount, userAccount } from '../../src/modules/ledger/ledger.service.ts';
import { translate } from '../../src/i18n/index.ts';
import { adminTranslate } from '../../src/modules/admin/i18n.ts';
import {
  SQL_INJECTIONS,
  bodyFor,
  encodeForm,
  looseNumbers,
  numberKindOf,
  operationsOf,
  type Operation,
} from './openapi.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
// FUZZ_SEED=<the seed a failure printed> replays that run's inputs.
const SEED = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};

// "Something went wrong on our side" in every language the server speaks.
const localesDir = new URL('../../src/i18n/locales/', import.meta.url);
const internalMessages = readdirSync(localesDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => {
    const catalogue = JSON.parse(readFileSync(new URL(f, localesDir), 'utf8')) as {
      error: { internal: string };
    };
    return catalogue.error.internal.split('{{')[0]!.trim();
  });
const leaks = [
  /\bat .+\.(ts|js):\d+/, // a stack frame
  /node_modules/,
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b/i,
  /syntax error|violates|duplicate key|relation "|column "|invalid input syntax/i,
  /TypeError|RangeError|ReferenceError|SyntaxError/,
];

type Identity = 'visitor' | 'signed-in' | 'wrong-userid' | 'forged-token' | 'operator';
interface FuzzRequest {
  path: string;
  identity: Identity;
  body: Record<string, string | string[]>;
}

let t: TestApp;
let operations: Operation[];
let investor: Awaited<ReturnType<typeof register>>;
/** A console session of an admin-role operator with TOTP enrolled. */
let operatorToken = '';
const logErrors: string[] = [];
/** Replies per call and code, so the run shows (and asserts) that it reached success paths. */
const tally = new Map<string, Record<number, number>>();
const ajv = new Ajv({ strict: false, allErrors: false });
const okValidators = new Map<string, ReturnType<typeof ajv.compile>>();

function headersFor(identity: Identity): Record<string, string> {
  switch (identity) {
    case 'visitor':
      return {};
    case 'signed-in':
      return investor.headers;
    case 'wrong-userid':
      return { ...investor.headers, userid: String(BigInt(investor.userId) + 1n) };
    case 'forged-token':
      return {
        authorization: `Bearer ${randomBytes(24).toString('base64url')}`,
        userid: investor.userId,
      };
    case 'operator':
      return { authorization: `Bearer ${operatorToken}` };
  }
}

const FORM_LIMIT = 64 * 1024;

function replay(request: FuzzRequest) {
  const body = encodeForm(request.body, false).replaceAll("'", "'\\''");
  return `curl -s -X POST localhost:8080${request.path} --data '${body}'`;
}

/** Sends one request and asserts everything a hostile request must not cause. */
async function send(request: FuzzRequest) {
  logErrors.length = 0;
  const payload = encodeForm(request.body);
  const response = await t.app.inject({
    method: 'POST',
    url: request.path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...headersFor(request.identity),
    },
    payload,
  });
  const where = `${request.identity}: ${replay(request)}`;
  // Over the form parser's 64 KiB limit is the one transport-level refusal.
  if (payload.length > FORM_LIMIT) {
    expect(response.statusCode, where).toBe(413);
    return null;
  }
  expect(response.statusCode, where).toBe(200);
  // First, so that a failure shows the server's own account of what went wrong.
  expect(logErrors, where).toEqual([]);
  // The console's audit trail shows what was tried, a hostile target included: the
  // fuzzer's own injection echoed back as data is not SQL from the server.
  const scanned = SQL_INJECTIONS.reduce(
    (body, sent) => body.replaceAll(JSON.stringify(sent).slice(1, -1), '<sent>'),
    response.body,
  );
  for (const pattern of leaks) expect(scanned, where).not.toMatch(pattern);
  for (const message of internalMessages) expect(response.body, where).not.toContain(message);
  const reply = response.json() as { code: number; msg: string; data?: unknown };
  expect([0, 1, 10000], where).toContain(reply.code);
  const counts = tally.get(request.path) ?? {};
  counts[reply.code] = (counts[reply.code] ?? 0) + 1;
  tally.set(request.path, counts);
  if (process.env.FUZZ_DEBUG && request.identity === 'signed-in' && reply.code === 0)
    console.warn(request.path, reply.msg);
  expect(typeof reply.msg, where).toBe('string');
  if (reply.code === 1) {
    const validate = okValidators.get(request.path);
    if (validate && !validate(reply)) {
      throw new Error(
        `reply outside the documented schema (${ajv.errorsText(validate.errors)}) for ${where}`,
      );
    }
  }
  return reply;
}

/** A new registered investor with 10,000 USDT, so that limits and locks start fresh. */
async function fundedInvestor() {
  const someone = await register(t);
  await t.app.services.ledger.post({
    kind: 'adjustment_credit',
    idempotencyKey: `fuzz-fund:${someone.userId}`,
    reason: 'fuzz test funds',
    operatorId: 'fuzz',
    postings: [
      { account: platformAccount('adjustment'), amount: -1_000_000_000_000n },
      { account: userAccount(someone.userId, 'available'), amount: 1_000_000_000_000n },
    ],
  });
  return someone;
}

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'error',
    logStream: { write: (line: string) => void logErrors.push(line) },
  });
  const document = await t.app.inject({ method: 'GET', url: '/api/docs' });
  operations = operationsOf(document.json()).filter(
    // Uploads are multipart (fuzzed by their own tests); logout would end the session
    // every other call uses.
    (o) => !o.multipart && o.path !== '/api/user/logout',
  );
  for (const operation of operations) {
    if (operation.okSchema)
      okValidators.set(operation.path, ajv.compile(operation.okSchema as object));
  }
  // The simulated feed replays its history on first use; do it before the clock starts.
  await t.call('/api/main/markets');
  investor = await fundedInvestor();
  operatorToken = await signedInOperator();
}, 120_000);

/** Signs in a new admin operator and enrols TOTP, as the console does; returns the token. */
async function signedInOperator() {
  const email = `fuzz-${randomBytes(4).toString('hex')}@olive.test`;
  const { password } = await t.app.services.admin.operators.create({ email, role: 'admin' });
  const admin = async (path: string, body: Record<string, string>, token?: string) => {
    const reply = await adminCall<Record<string, string>>(t, path, body, token);
    expect(reply.code, `${path}: ${JSON.stringify(reply)}`).toBe(1);
    return reply.data!;
  };
  const { token } = await admin('auth/login', { email, password });
  const { secret } = await admin('auth/totp-setup', {}, token);
  const otp = new TOTP({ secret: Secret.fromBase32(secret!), digits: 6, period: 30 }).generate();
  await admin('auth/totp-enable', { otp }, token);
  return token!;
}

/**
 * Console calls fuzzed with the operator's session: all but those that would end or lock
 * that session (they are fuzzed without one above).
 */
const SESSION_ENDING = new Set([
  '/api/admin/auth/logout',
  '/api/admin/auth/password',
  '/api/admin/auth/sessions/end',
  '/api/admin/auth/totp-setup',
  '/api/admin/auth/totp-enable',
  '/api/admin/operators/update',
  '/api/admin/operators/reset-totp',
  '/api/admin/operators/reset-password',
]);

afterAll(async () => {
  await t?.close();
});

describe('every documented call survives valid, boundary and hostile input', () => {
  test('the document lists the calls the fuzzer drives', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((o) => o.path)).toContain('/api/user/withdraw');
  });

  test.prop(
    [
      fc
        .constant(null)
        .chain(() => fc.constantFrom(...operations))
        .chain((operation) =>
          fc.record({
            path: fc.constant(operation.path),
            identity: fc.constantFrom<Identity>(
              'visitor',
              'signed-in',
              'signed-in',
              'wrong-userid',
              'forged-token',
            ),
            body: bodyFor(operation),
          }),
        ),
    ],
    { ...SEED, numRuns: RUNS * 50, timeout: 10_000, interruptAfterTimeLimit: 150_000 },
  )(
    'no call answers 5xx, leaks internals, breaks its schema or logs an error',
    async (request) => {
      if (!process.env.FUZZ_DISCOVER) return void (await send(request));
      // Discovery mode lists every distinct finding instead of stopping at the first.
      try {
        await send(request);
      } catch (error) {
        const line = String((error as Error).message)
          .split('\n')[0]!
          .slice(0, 300);
        console.warn(`FINDING ${request.path} ${line}`);
      }
    },
    300_000,
  );
});

describe('what the fuzzer found stays fixed (README.md, Tests)', () => {
  const found: FuzzRequest[] = [
    {
      path: '/api/user/withdrawlist',
      identity: 'signed-in',
      body: { page: '1', limit: 'Infinity' },
    },
    { path: '/api/user/withdrawlist', identity: 'signed-in', body: { page: 'Infinity' } },
    {
      path: '/api/main/candles',
      identity: 'visitor',
      body: { market: 'BTC/USDT', limit: 'Infinity' },
    },
    { path: '/api/user/quanlog', identity: 'signed-in', body: { robot_id: '9223372036854775808' } },
    {
      path: '/api/user/minercreate',
      identity: 'signed-in',
      body: { model_id: '9223372036854775808', days: '37', fund_password: 'CEDjyG' },
    },
    {
      path: '/api/main/maininfo',
      identity: 'forged-token',
      body: { lang: 'fr', '__proto__[admin]': '1' },
    },
    // Ajv coerced "Infinity" to a number and then skipped the field's maximum
    {
      path: '/api/user/minermy',
      identity: 'signed-in',
      body: { lang: 'en', page: 'Infinity', limit: '1', status: '' },
    },
    // PostgreSQL text cannot hold U+0000: it reached SQL from the console's sign-in
    {
      path: '/api/admin/auth/login',
      identity: 'visitor',
      body: { email: 'a\u0000b', password: '-0', otp: '', lang: 'en' },
    },
  ];
  for (const request of found) {
    test(`${request.path} ${JSON.stringify(request.body)} (${request.identity})`, async () => {
      // send() holds the assertions: a documented envelope, no leak, nothing logged.
      expect(await send(request)).not.toBeNull();
    });
  }
});

describe('every amount and count field reads numbers one way (issue 30)', () => {
  test("each loosely written number is refused, naming its field, in the caller's language", async () => {
    const before = await t.app.services.ledger.userBalances(investor.userId);
    let sent = 0;
    for (const operation of operations.filter((o) => !SESSION_ENDING.has(o.path))) {
      const inConsole = operation.path.startsWith('/api/admin/');
      const identity: Identity = inConsole
        ? 'operator'
        : operation.signedIn
          ? 'signed-in'
          : 'visitor';
      // The console answers in English or Chinese; investors in any of the 16 languages.
      const lang = inConsole ? 'en' : (['fr', 'ar', 'ja', 'de'] as const)[sent % 4]!;
      for (const [field, schema] of Object.entries(operation.fields)) {
        const kind = numberKindOf(schema);
        if (!kind) continue;
        for (const shape of looseNumbers(kind, schema)) {
          sent += 1;
          // Only the number: it is read before anything else the call checks.
          const request = { path: operation.path, identity, body: { lang, [field]: shape } };
          const reply = await send(request);
          const where = `${identity}: ${replay(request)}`;
          expect(reply?.code, `${where}: ${reply?.msg}`).toBe(0);
          expect((reply?.data as { field?: string } | undefined)?.field, where).toBe(field);
          const key =
            kind !== 'count' && shape === '15.123456789'
              ? 'validation.decimals'
              : `validation.${kind}_format`;
          // The console's catalogue names its own fields ("Order", not "sort").
          const say = inConsole ? adminTranslate : translate;
          expect(reply?.msg, where).toBe(say(lang as 'en', key, { field, decimals: 8 }));
        }
      }
    }
    // Money and count fields of the investor app and the console alike.
    expect(sent).toBeGreaterThan(300);
    expect(await t.app.services.ledger.userBalances(investor.userId)).toEqual(before);
  }, 300_000);
});

describe('money calls in random sequences keep the ledger sound', () => {
  const market = fc.constantFrom(
    'BTC/USDT',
    'ETH/USDT',
    'BNB/USDT',
    'SOL/USDT',
    'TRX/USDT',
    'DOGE/USDT',
    '',
  );
  const amount = fc.oneof(
    fc.constantFrom('0', '1', '10', '100', '1000.5', '0.00000001', '99999999999', '1e3', '-5'),
    fc.integer({ min: 1, max: 50_000 }).map(String),
  );
  const evmAddress = fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .map((b) => `0x${Buffer.from(b).toString('hex')}`);
  const fundPassword = fc.oneof(
    { weight: 6, arbitrary: fc.constant('246810') },
    { weight: 1, arbitrary: fc.constant('000000') },
  );
  const action = fc.oneof(
    fc.record({
      path: fc.constant('/api/user/quancreate'),
      body: fc.record({
        market,
        principal: amount,
        direction: fc.constantFrom('long', 'short', 'neutral', 'up'),
      }),
    }),
    fc.record({
      path: fc.constant('/api/user/openquan'),
      body: fc.record({
        robot_id: fc.oneof(
          { weight: 4, arbitrary: fc.constant('LAST') },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 50 }).map(String) },
        ),
        action: fc.constantFrom('start', 'stop', 'settle', 'explode'),
      }),
    }),
    fc.record({
      path: fc.constant('/api/user/setaddress'),
      body: fc.record({
        network: fc.constantFrom('erc20', 'bep20'),
        address: evmAddress,
        fund_password: fundPassword,
      }),
    }),
    fc.record({
      path: fc.constant('/api/user/withdraw'),
      body: fc.record({
        network: fc.constantFrom('erc20', 'bep20', 'trc20'),
        amount,
        fund_password: fundPassword,
      }),
    }),
    fc.record({
      path: fc.constantFrom('/api/user/userinfo', '/api/user/usdtlog', '/api/user/quanmy'),
      body: fc.constant({}),
    }),
  );

  test.prop([fc.array(action, { minLength: 3, maxLength: 12 })], {
    ...SEED,
    numRuns: Math.max(5, Math.round(RUNS / 2)),
    timeout: 60_000,
    interruptAfterTimeLimit: 150_000,
  })(
    'balances never go negative and every robot created is readable back',
    async (steps) => {
      const everyone = investor;
      investor = await fundedInvestor();
      let lastRobot = '1';
      const prelude = [
        {
          path: '/api/user/setaddress',
          body: {
            network: 'bep20',
            address: `0x${randomBytes(20).toString('hex')}`,
            fund_password: '246810',
          },
        },
        {
          path: '/api/user/quancreate',
          body: { market: 'ETH/USDT', principal: '500', direction: 'neutral' },
        },
        // One of each money call's success path in every sequence, whatever the random
        // steps draw (a machine under load runs few sequences before the time limit).
        { path: '/api/user/openquan', body: { robot_id: 'LAST', action: 'stop' } },
        {
          path: '/api/user/withdraw',
          body: { network: 'bep20', amount: '20', fund_password: '246810' },
        },
      ];
      for (const step of [...prelude, ...steps]) {
        const body = { ...step.body } as Record<string, string>;
        if (body.robot_id === 'LAST') body.robot_id = lastRobot;
        const reply = await send({ path: step.path, identity: 'signed-in', body });
        if (step.path === '/api/user/quancreate' && reply?.code === 1) {
          lastRobot = (reply.data as { robot_id: string }).robot_id;
          const info = await send({
            path: '/api/user/quaninfo',
            identity: 'signed-in',
            body: { robot_id: lastRobot },
          });
          expect(info?.code).toBe(1);
        }
        const me = await send({ path: '/api/user/userinfo', identity: 'signed-in', body: {} });
        const data = me!.data as { balance: string; frozen: string };
        expect(data.balance.startsWith('-')).toBe(false);
        expect(data.frozen.startsWith('-')).toBe(false);
      }
      investor = everyone;
    },
    300_000,
  );
});

// After the investor calls: an operator's changes (a market turned off, a new limit) must
// not change what the sequences above could reach.
describe('every console call survives the same input from a signed-in operator', () => {
  const consoleCalls = () =>
    operations.filter((o) => o.path.startsWith('/api/admin/') && !SESSION_ENDING.has(o.path));

  test('the console calls are in the document', () => {
    expect(consoleCalls().length).toBeGreaterThan(40);
  });

  test.prop(
    [
      fc
        .constant(null)
        .chain(() => fc.constantFrom(...consoleCalls()))
        .chain((operation) =>
          fc.record({
            path: fc.constant(operation.path),
            identity: fc.constant<Identity>('operator'),
            body: bodyFor(operation),
          }),
        ),
    ],
    { ...SEED, numRuns: RUNS * 25, timeout: 10_000, interruptAfterTimeLimit: 90_000 },
  )(
    'no console call answers 5xx, leaks internals, breaks its schema or logs an error',
    async (request) => void (await send(request)),
    300_000,
  );

  test('the operator stayed signed in and reached the success paths', async () => {
    // Valid requests still succeed (send() also checks each reply against its schema)...
    for (const path of ['auth/me', 'dashboard/show', 'users/list', 'withdrawals/list']) {
      const reply = await send({ path: `/api/admin/${path}`, identity: 'operator', body: {} });
      expect(reply?.code, path).toBe(1);
    }
    // ...and the random requests reached the success path of many calls, not only refusals
    // (about 20 of them in a usual run; the count varies with the seed).
    const reached = [...tally]
      .filter(([path, codes]) => path.startsWith('/api/admin/') && (codes[1] ?? 0) > 0)
      .map(([path]) => path);
    expect(reached.length, reached.join(' ')).toBeGreaterThan(10);
  });
});

describe('afterwards', () => {
  test("the sequences reached the money calls' success paths", () => {
    console.warn([...tally].map(([path, codes]) => `${path} ${JSON.stringify(codes)}`).join('\n'));
    for (const path of [
      '/api/user/quancreate',
      '/api/user/openquan',
      '/api/user/setaddress',
      '/api/user/withdraw',
    ]) {
      expect(tally.get(path)?.[1] ?? 0, path).toBeGreaterThan(0);
    }
  });

  test('the ledger audit is clean', async () => {
    const report = await auditService(auditRepository(t.db)).run();
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
