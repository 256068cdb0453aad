// Builds the Fastify instance from its parts. Plugins load in an explicit order:
// external (transport), then ours (i18n -> envelope -> auth), then the domain routes,
// then the static apps. Nothing here starts servers or touches process state.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { poolOf, type Db } from './db/database.ts';
import type { Replicas } from './db/replicas.ts';
import { platformAudit } from './audit.ts';
import type { Clock } from './ports/clock.ts';
import formbody from './plugins/external/formbody.ts';
import helmet from './plugins/external/helmet.ts';
import multipart from './plugins/external/multipart.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import swagger from './plugins/external/swagger.ts';
import underPressure from './plugins/external/under-pressure.ts';
import staticFiles, { inlineScriptHashes } from './plugins/external/static.ts';
import i18n from './plugins/app/i18n.ts';
import envelope from './plugins/app/envelope.ts';
import auth from './plugins/app/auth.ts';
import numbers from './plugins/app/numbers.ts';
import readRouting from './plugins/app/read-routing.ts';
import health from './plugins/app/health.ts';
import metricsPlugin, { createMetrics } from './plugins/app/metrics.ts';
import { adminModule } from './modules/admin/module.ts';
import { authModule } from './modules/auth/module.ts';
import type { CaptchaGenerator } from './modules/auth/captcha.ts';
import { contentModule } from './modules/content/module.ts';
import { demoModule } from './modules/demo/module.ts';
import type { UserBalances } from './modules/ledger/ledger.service.ts';
import { ledgerModule } from './modules/ledger/module.ts';
import { marketModule } from './modules/market/module.ts';
import type { DevInbox } from './modules/messaging/dev-inbox.ts';
import type { Mailer } from './modules/messaging/mailer.ts';
import { messagingModule } from './modules/messaging/module.ts';
import type { SmsSender } from './modules/messaging/sms.ts';
import type { MiningDataFeed } from './modules/mining/feed.ts';
import { miningModule } from './modules/mining/module.ts';
import { reservesModule } from './modules/reserves/module.ts';
import { robotsModule } from './modules/robots/module.ts';
import { securityModule } from './modules/security/module.ts';
import { supportModule } from './modules/support/module.ts';
import { teamModule } from './modules/team/module.ts';
import { unofferedRoutes } from './modules/unoffered/routes.ts';
import { usersModule } from './modules/users/module.ts';
import type { UserProfile } from './modules/users/views.ts';
import { chainHeads, type ChainEnvironment } from './modules/wallet/chain-environment.ts';
import { walletModule } from './modules/wallet/module.ts';
import type { PriceFeed } from '@olive/market';
import {
  ANNOUNCED_MAX_AGE_MS,
  BALANCE_CHANNEL,
  PROFILE_CHANNEL,
  SESSION_CHANNEL,
  userCache,
} from './db/user-cache.ts';
import { AccessLog, lazyChildLogger } from './request-logger.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  redis?: Redis | null;
  logger?: FastifyServerOptions['logger'];
  /** The embedded SMTP sink; when given, mail goes to it and /dev/mail shows it. */
  devInbox?: DevInbox | null;
  mailer?: Mailer;
  sms?: SmsSender;
  captchaGenerator?: CaptchaGenerator;
  /** The chains (devchain or configured nodes); null when none is reachable (unit tests). */
  chain?: ChainEnvironment | null;
  /** The price feed; default from MARKET_FEED (the seeded simulator unless ccxt). */
  feed?: PriceFeed;
  /** Mining network data; default from MINING_FEED (the seeded simulator unless mempool). */
  miningFeed?: MiningDataFeed;
  /**
   * The database's connection string, for the listening connections of the balance and
   * profile caches (docs/decisions/117b-balance-cache.md, 121-profile-cache.md). Without
   * it, balances and profiles are read on every call.
   */
  databaseUrl?: string;
  /**
   * Streaming replicas for lag-tolerant reads (DATABASE_REPLICA_URL, decision 144). Without
   * them every read goes to `db`.
   */
  replicas?: Replicas | null;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultAdminDist = fileURLToPath(new URL('../../admin/dist', import.meta.url));

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Secrets never reach a log line.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers.authorization',
        '*.password',
        '*.fund_password',
        '*.token',
        '*.code',
      ],
      censor: '[redacted]',
    },
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : { stream: logStream() }),
  };
}

let stdoutLog: ReturnType<typeof pino.destination> | undefined;
/**
 * The log's stdout when it is not a terminal (a file, journald, a pipe): lines gathered a
 * few KB at a time and written at most a quarter of a second after they are logged, not one
 * write per line (decision 209). An exit writes what is gathered; `flushLog` does before
 * anything else is printed to stdout.
 */
function logStream() {
  stdoutLog ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
  return stdoutLog;
}

/** Writes the log lines gathered so far, so that what is printed next comes after them. */
export function flushLog() {
  try {
    stdoutLog?.flushSync();
  } catch {
    // Not open yet, or already closed: nothing gathered to write.
  }
}

/**
 * Every module, built from the shared parts in the order their inputs need. Where a module
 * needs one built after it, it gets a function called per request (marked "later").
 */
export function createServices(deps: AppDeps) {
  const { config, db, clock } = deps;
  const perMinute = config.AUTH_RATE_LIMIT_PER_MINUTE;
  const chain = deps.chain ?? null;
  // Lag-tolerant reads only (leaderboards, content, team lists, console lists, reserves
  // history): a fresh replica when one is configured. Money is decided on `db`.
  const reads = deps.replicas?.readDb ?? db;
  const balances = userCache<UserBalances>({
    channel: BALANCE_CHANNEL,
    connectionString: deps.databaseUrl ?? null,
    maxAgeMs: ANNOUNCED_MAX_AGE_MS,
    announcesWrites: true,
  });
  const profileCache = userCache<UserProfile>({
    channel: PROFILE_CHANNEL,
    connectionString: deps.databaseUrl ?? null,
    maxAgeMs: ANNOUNCED_MAX_AGE_MS,
  });
  // Home's "notices seen up to" per user, announced on the profile's channel (migration 0191).
  const noticesSeen = userCache<number | null>({
    channel: PROFILE_CHANNEL,
    connectionString: null,
    follows: profileCache,
    maxAgeMs: ANNOUNCED_MAX_AGE_MS,
  });
  // Holds nothing itself: its announcements tell the session cache what to drop.
  const sessionChanges = userCache<never>({
    channel: SESSION_CHANNEL,
    connectionString: deps.databaseUrl ?? null,
    maxAgeMs: ANNOUNCED_MAX_AGE_MS,
  });

  const support = supportModule({ db });
  const { settings } = support;
  const ledgers = ledgerModule({
    db,
    balanceCache: balances,
    referenceStates: (userId, refs) => wallet.withdrawals.statesOf(userId, refs), // later
  });
  const { ledger } = ledgers;
  const auth = authModule({
    config,
    db,
    clock,
    redis: deps.redis,
    captchaGenerator: deps.captchaGenerator,
    sessionChanges,
  });
  const messaging = messagingModule({
    config,
    devInbox: deps.devInbox,
    mailer: deps.mailer,
    sms: deps.sms,
  });
  const accounts = usersModule({
    db,
    clock,
    auth,
    mailer: messaging.mailer,
    sms: messaging.sms,
    profileCache,
    secondFactor: { check: (userId, otp) => security.twoFactor.check(userId, otp) }, // later
    shownBalances: (userId) => ledger.shownBalances(userId),
    withdrawalAddresses: (userId) => wallet.withdrawals.addresses(userId), // later
    perHour: config.AUTH_LIMIT_PER_HOUR,
    perMinute,
  });
  const security = securityModule({
    sessions: auth.sessions,
    codes: auth.codes,
    counters: auth.counters,
    db,
    users: accounts.service,
    registration: accounts.registration,
    mailer: messaging.mailer,
    sms: messaging.sms,
    clock,
    perMinute,
  });
  const wallet = walletModule({
    config,
    db,
    reads,
    clock,
    chain,
    ledger,
    settings,
    users: accounts.service,
    profileWrites: accounts.profileWrites,
    secondFactor: security.twoFactor,
    fundPassword: security.fundPassword,
    perMinute,
  });
  const market = marketModule({ config, db, clock, feed: deps.feed });
  const robots = robotsModule({
    db,
    reads,
    clock,
    ledger,
    marketData: market.marketData,
    settings,
    perMinute,
    checkFundPassword: security.fundPassword.check,
    balanceCache: balances,
  });
  const demo = demoModule({
    db,
    enabled: config.DEMO_INVESTORS && !deps.feed,
    feed: config,
    clock,
    ledger,
    settings,
    accounts: accounts.demoAccounts,
    robotsAt: robots.at,
    mining: () => mining.demo, // built below; used only when the seed runs
  });
  const content = contentModule({
    db: reads,
    settings,
    clock,
    totals: (id) => ledger.shownBalances(id),
    totalsNow: (id) => ledger.shownBalancesNow(id),
    production: async () => mining.mining.production({ storedOnly: true }), // later
    homeCacheSeconds: config.NODE_ENV === 'test' ? 0 : 5,
    noticesSeen,
  });
  const mining = miningModule({
    config,
    db,
    clock,
    ledger,
    marketData: market.marketData,
    checkFundPassword: security.fundPassword.check,
    perMinute,
    feed: deps.miningFeed,
  });
  const team = teamModule({
    db,
    reads,
    ledger,
    inviteCodeOf: async (id) => (await accounts.service.findById(id))?.invite_code ?? null,
  });
  const reserves = reservesModule({ db, reads, config, chain });
  // The last audit this process ran, for /metrics (olive_ledger_audit_ok).
  let lastAudit: { ok: boolean; at: Date } | null = null;
  const audit = platformAudit(db, config);
  const admin = adminModule({
    db,
    clock,
    counters: auth.counters,
    idleMinutes: config.ADMIN_SESSION_IDLE_MINUTES,
    absoluteHours: config.ADMIN_SESSION_ABSOLUTE_HOURS,
    users: accounts.operations,
    ledger,
    withdrawals: wallet.withdrawals,
    wallet: wallet.operations,
    depositAddress: wallet.depositsService.address,
    twoFactor: (userId) => security.twoFactor.since(userId),
    robots: robots.operations,
    mining: mining.operations,
    team: team.team,
    content: content.content,
    updates: support.updates,
    ledgerAudit: async () => {
      const report = await audit();
      lastAudit = { ok: report.ok, at: new Date() };
      return report;
    },
    latestReserves: async () => (await reserves.reserves.latest(1))[0] ?? null,
    reserves: reserves.reserves,
    custodyOnChain: wallet.custodyOnChain,
  });
  return {
    // Each module, for buildApp to register its routes.
    modules: {
      ...{ support, ledger: ledgers, signIn: auth, messaging, accounts, security, wallet },
      ...{ market, robots, content, mining, team, reserves, admin },
    },
    // What the worker, the start-up steps and the tests reach for by name.
    lastAudit: () => lastAudit,
    custodyOnChain: wallet.custodyOnChain,
    balances,
    profileCache,
    noticesSeen,
    sessionChanges,
    admin,
    content,
    team,
    reserves,
    chain,
    deposits: wallet.deposits,
    depositsService: wallet.depositsService,
    withdrawalRepo: wallet.withdrawalRepo,
    withdrawals: wallet.withdrawals,
    sessions: auth.sessions,
    settings,
    updates: support.updates,
    ledger,
    users: accounts.users,
    mailer: messaging.mailer,
    clock,
    marketData: market.marketData,
    robotRepo: robots.robotRepo,
    robots: robots.robots,
    demo,
    mining,
    security,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID().slice(0, 8),
    childLoggerFactory: lazyChildLogger,
    logController: new AccessLog(), // one access line per call
    requestTimeout: 60_000,
    connectionTimeout: 70_000,
    keepAliveTimeout: 65_000,
    bodyLimit: 3 * 1024 * 1024,
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = createServices(deps);
  app.decorate('services', services);
  // Code deliveries left after their answers go out before the mailer closes.
  services.modules.signIn.later.onError((error) =>
    app.log.warn({ err: error }, 'a code or notice could not be delivered'),
  );
  app.addHook('onClose', async () => {
    await services.modules.signIn.later.drain();
    services.mailer.close();
    // The sessions' gathered `last_seen_at` times, before the pool closes.
    await services.sessions.flushTouches();
  });
  await Promise.all([
    services.balances.start(),
    services.profileCache.start(),
    services.noticesSeen.start(),
    services.sessionChanges.start(),
  ]);
  app.addHook('onClose', async () => {
    await Promise.all([
      services.balances.stop(),
      services.profileCache.stop(),
      services.noticesSeen.stop(),
      services.sessionChanges.stop(),
    ]);
  });
  // An exchange feed polls once listening; the simulator computes prices when asked.
  app.addHook('onListen', async () => services.marketData.start());
  app.addHook('onClose', async () => services.marketData.stop());

  const redisUp = async () =>
    deps.redis ? (await deps.redis.ping().catch(() => null)) === 'PONG' : null;
  const heads = () => chainHeads(services.chain);
  const metrics = createMetrics({
    db: deps.db,
    pools: () => [{ name: 'primary', pool: poolOf(deps.db) }, ...(deps.replicas?.pools() ?? [])],
    replicas: () => deps.replicas?.states() ?? [],
    chainHeads: heads,
    hotWallets: async () => {
      if (!services.custodyOnChain) return null;
      const reading = await services.custodyOnChain();
      return reading.networks.map((n) => ({ network: n.network, units: n.hotWallet }));
    },
    lastAudit: services.lastAudit,
    redisUp,
  });
  app.decorate('metrics', metrics);

  const webRoot = config.WEB_DIST_DIR || defaultWebDist;
  await app.register(helmet, {
    connectSrc: services.reserves.rpcOrigins,
    scriptHashes: inlineScriptHashes(webRoot),
  });
  await app.register(metricsPlugin, { metrics });
  await app.register(underPressure, {
    shedLoad: config.NODE_ENV !== 'test',
    onShed: metrics.shed,
  });
  await app.register(health, {
    db: deps.db,
    redisUp,
    chainHeads: heads,
    networks: Object.keys(services.chain?.rpc ?? {}),
  });
  await app.register(formbody);
  await app.register(multipart);
  await app.register(swagger);
  // i18n's hook must run before the rate limit's, so a refusal is in the caller's language.
  await app.register(i18n);
  await app.register(rateLimit, { max: config.RATE_LIMIT_PER_MINUTE, redis: deps.redis ?? null });
  await app.register(envelope);
  // Without replicas nothing reads a call's scope: no AsyncLocalStorage per call, which
  // cost a cached call about a tenth of its CPU (issue 33).
  if (deps.replicas) {
    const replicas = deps.replicas;
    await app.register(readRouting, { noteWrite: (actor) => replicas.noteWrite(actor) });
  }
  await app.register(auth, { sessions: services.sessions });
  await app.register(numbers);

  // Each module's routes, with the options its builder made for them.
  const m = services.modules;
  await app.register(m.signIn.routes, m.signIn.options);
  await app.register(m.accounts.routes, m.accounts.options);
  if (m.messaging.inbox) await app.register(m.messaging.routes, { inbox: m.messaging.inbox });
  await app.register(m.support.routes, m.support.options);
  await app.register(m.ledger.routes, m.ledger.options);
  await app.register(m.wallet.routes, m.wallet.options);
  await app.register(m.market.routes, m.market.options);
  await app.register(m.robots.routes, m.robots.options);
  await app.register(m.security.routes, m.security.options);
  await app.register(m.content.routes, m.content.options);
  await app.register(m.mining.routes, m.mining.options);
  await app.register(m.team.routes, m.team.options);
  await app.register(m.reserves.routes, m.reserves.options);
  await app.register(m.admin.routes, m.admin.options);
  await app.register(unofferedRoutes);

  await app.register(staticFiles, {
    root: webRoot,
    adminRoot: defaultAdminDist,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The registry /metrics serves (main.ts serves it on METRICS_PORT). */
    metrics: ReturnType<typeof createMetrics>;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
