// Builds the Fastify instance from its parts. Plugins load in an explicit order:
// external (transport), then ours (i18n -> envelope -> auth), then the domain routes,
// then the static apps. Nothing here starts servers or touches process state.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './ports/clock.ts';
import formbody from './plugins/external/formbody.ts';
import helmet from './plugins/external/helmet.ts';
import multipart from './plugins/external/multipart.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import swagger from './plugins/external/swagger.ts';
import underPressure from './plugins/external/under-pressure.ts';
import staticFiles from './plugins/external/static.ts';
import i18n from './plugins/app/i18n.ts';
import envelope from './plugins/app/envelope.ts';
import auth from './plugins/app/auth.ts';
import { sessionRepository } from './modules/auth/session.repository.ts';
import { sessionService } from './modules/auth/session.service.ts';
import { settingsRepository } from './modules/support/settings.repository.ts';
import { updateService } from './modules/support/update.service.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { unofferedRoutes } from './modules/unoffered/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { ledgerRepository } from './modules/ledger/ledger.repository.ts';
import { ledgerService } from './modules/ledger/ledger.service.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
import {
  captchaService,
  svgCaptchaGenerator,
  type CaptchaGenerator,
} from './modules/auth/captcha.ts';
import { codeService } from './modules/auth/codes.ts';
import { memoryCounters, redisCounters } from './modules/auth/counters.ts';
import { loginService } from './modules/auth/login.service.ts';
import type { DevInbox } from './modules/messaging/dev-inbox.ts';
import { smtpMailer, type Mailer } from './modules/messaging/mailer.ts';
import { devMailRoutes } from './modules/messaging/routes.ts';
import { devInboxSms, httpSmsGateway, type SmsSender } from './modules/messaging/sms.ts';
import { profileService } from './modules/users/profile.service.ts';
import { registrationService } from './modules/users/registration.service.ts';
import { userRepository } from './modules/users/user.repository.ts';
import { userRoutes } from './modules/users/routes.ts';
import { userViews, type UserProfile } from './modules/users/views.ts';
import { depositKeys, type ChainEnvironment } from './modules/wallet/chain-environment.ts';
import { depositRepository } from './modules/wallet/deposit.repository.ts';
import { depositService } from './modules/wallet/deposit.service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { withdrawalRepository } from './modules/wallet/withdrawal.repository.ts';
import { platformWalletAddresses, withdrawalService } from './modules/wallet/withdrawal.service.ts';
import { createFeed, marketDataService } from './modules/market/market-data.service.ts';
import { marketRepository } from './modules/market/market.repository.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { robotRepository } from './modules/robots/robot.repository.ts';
import { robotService } from './modules/robots/robot.service.ts';
import { demoModule } from './modules/demo/module.ts';
import { robotRoutes } from './modules/robots/routes.ts';
import { securityModule } from './modules/security/module.ts';
import type { PriceFeed } from '@olive/market';
import { miningModule } from './modules/mining/module.ts';
import type { MiningDataFeed } from './modules/mining/feed.ts';
import { contentModule } from './modules/content/module.ts';
import { teamModule } from './modules/team/module.ts';
import { reservesModule } from './modules/reserves/module.ts';
import { adminModule } from './modules/admin/module.ts';
import { BALANCE_CHANNEL, PROFILE_CHANNEL, userCache } from './db/user-cache.ts';
import type { UserBalances } from './modules/ledger/ledger.service.ts';
import { auditRepository } from './modules/ledger/audit.repository.ts';
import { auditService } from './modules/ledger/audit.service.ts';
import { lazyChildLogger } from './request-logger.ts';
import { miningOperations } from './modules/mining/operations.service.ts';
import { miningRepository } from './modules/mining/mining.repository.ts';
import { robotOperations } from './modules/robots/operations.service.ts';
import { userOperations } from './modules/users/operations.service.ts';
import { custodyCheckFor } from './modules/wallet/custody.ts';
import { walletOperationsRepository } from './modules/wallet/operations.repository.ts';
import { walletOperations } from './modules/wallet/operations.service.ts';

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
}

/** The longest a user's balance figures are served from memory without a notification. */
export const BALANCE_CACHE_MAX_AGE_MS = 10_000;
/** The same for the profile and saved addresses, which triggers announce (decision 121). */
export const PROFILE_CACHE_MAX_AGE_MS = 60_000;

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
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
  };
}

export function createServices(deps: AppDeps) {
  const { config, db, clock } = deps;
  const sessions = sessionService(sessionRepository(db), clock, {
    idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rotateMs: config.SESSION_ROTATE_MINUTES * 60_000,
    graceMs: 60_000,
    touchMs: 60_000,
  });
  const settings = settingsRepository(db);
  const balances = userCache<UserBalances>({
    channel: BALANCE_CHANNEL,
    connectionString: deps.databaseUrl ?? null,
    maxAgeMs: BALANCE_CACHE_MAX_AGE_MS,
  });
  const profileCache = userCache<UserProfile>({
    channel: PROFILE_CHANNEL,
    connectionString: deps.databaseUrl ?? null,
    maxAgeMs: PROFILE_CACHE_MAX_AGE_MS,
  });
  const ledger = ledgerService(ledgerRepository(db), { balanceCache: balances });
  const profileWrites = { changed: (userId: string) => profileCache.touched([userId]) };
  const users = userRepository(db, profileWrites);
  const counters = deps.redis ? redisCounters(deps.redis) : memoryCounters(clock);
  const captchas = captchaService(db, clock, deps.captchaGenerator ?? svgCaptchaGenerator);
  const codes = codeService(db, clock);
  const mailer = deps.mailer ?? smtpMailer(mailUrl(deps), config.MAIL_FROM);
  const sms =
    deps.sms ??
    (config.SMS_GATEWAY_URL
      ? httpSmsGateway({
          url: config.SMS_GATEWAY_URL,
          apiKey: config.SMS_GATEWAY_KEY,
          sender: config.SMS_SENDER,
        })
      : deps.devInbox
        ? devInboxSms(deps.devInbox)
        : { send: async () => Promise.reject(new Error('no SMS gateway configured')) });
  const registration = registrationService({
    users,
    sessions,
    captchas,
    codes,
    counters,
    mailer,
    sms,
    perHour: config.AUTH_LIMIT_PER_HOUR,
  });
  const security = securityModule({
    db,
    users,
    sessions,
    codes,
    counters,
    registration,
    mailer,
    sms,
    clock,
  });
  const profiles = profileService({
    users,
    sessions,
    codes,
    registration,
    clock,
    secondFactor: security.twoFactor,
  });
  const logins = loginService({
    users,
    sessions,
    captchas,
    counters,
    secondFactor: security.twoFactor,
  });
  const chain = deps.chain ?? null;
  const deposits = depositRepository(db);
  const withdrawalRepo = withdrawalRepository(db, profileWrites);
  const depositsService = depositService({
    repo: deposits,
    keys: depositKeys(config),
    faucet: chain?.faucet ?? null,
  });
  const platformWallets = platformWalletAddresses(chain);
  const withdrawals = withdrawalService({
    repo: withdrawalRepo,
    deposits,
    users,
    ledger,
    settings,
    clock,
    platformWallets: () => platformWallets,
    secondFactor: security.twoFactor,
  });
  const views = userViews(
    users,
    (id) => ledger.shownBalances(id),
    withdrawals.addresses,
    profileCache,
  );
  const marketData = marketDataService({
    ...(deps.feed ? { feed: deps.feed } : createFeed(config, clock)),
    repo: marketRepository(db),
    clock,
  });
  const robotRepo = robotRepository(db);
  const robots = robotService({ repo: robotRepo, ledger, marketData, settings, clock });
  const demo = demoModule({
    db,
    enabled: config.DEMO_INVESTORS && !deps.feed,
    feed: config,
    clock,
    ledger,
    settings,
    users,
    robotRepo,
  });
  const content = contentModule({
    db,
    settings,
    clock,
    totals: (id) => ledger.shownBalances(id),
    // Home's production block comes from mining (built below; called per request).
    production: async () => mining.mining.production({ storedOnly: true }),
    homeCacheSeconds: config.NODE_ENV === 'test' ? 0 : 5,
  });
  const mining = miningModule({
    config,
    db,
    clock,
    ledger,
    marketData,
    checkFundPassword: withdrawals.checkFundPassword,
    ...(deps.miningFeed ? { feed: deps.miningFeed } : {}),
  });
  const team = teamModule({
    db,
    ledger,
    inviteCodeOf: async (id) => (await users.findById(id))?.invite_code ?? null,
  });
  const reserves = reservesModule({ db, config, chain });
  const updates = updateService(settings);
  const admin = adminModule({
    db,
    clock,
    counters,
    idleMinutes: config.ADMIN_SESSION_IDLE_MINUTES,
    absoluteHours: config.ADMIN_SESSION_ABSOLUTE_HOURS,
    users: userOperations({ users, sessions }),
    ledger,
    withdrawals,
    wallet: walletOperations({
      repo: walletOperationsRepository(db),
      withdrawals,
      fourEyesMin: async () => (await withdrawals.policy()).four_eyes_min,
    }),
    depositAddress: depositsService.address,
    robots: robotOperations({ repo: robotRepo, settings, clock }),
    mining: miningOperations({ repo: miningRepository(db) }),
    team: team.team,
    content: content.content,
    updates,
    ledgerAudit: async () => {
      const report = await auditService(auditRepository(db)).run();
      const { networks: _figures, ...custody } = await custodyCheckFor(db, config);
      return { ...report, ok: report.ok && custody.ok, checks: [...report.checks, custody] };
    },
    latestReserves: async () => (await reserves.reserves.latest(1))[0] ?? null,
  });
  return {
    balances,
    profileCache,
    admin,
    content,
    team,
    reserves,
    chain,
    deposits,
    depositsService,
    withdrawalRepo,
    withdrawals,
    sessions,
    settings,
    updates,
    ledger,
    users,
    captchas,
    codes,
    counters,
    mailer,
    registration,
    profiles,
    logins,
    views,
    clock,
    marketData,
    robotRepo,
    robots,
    demo,
    mining,
    security,
  };
}

function mailUrl(deps: AppDeps) {
  if (deps.config.SMTP_URL) return deps.config.SMTP_URL;
  if (deps.devInbox) return `smtp://127.0.0.1:${deps.devInbox.port}`;
  throw new Error('SMTP_URL is not set and no dev inbox runs');
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID().slice(0, 8),
    childLoggerFactory: lazyChildLogger,
    requestTimeout: 60_000,
    connectionTimeout: 70_000,
    keepAliveTimeout: 65_000,
    bodyLimit: 3 * 1024 * 1024,
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = createServices(deps);
  app.decorate('services', services);
  app.addHook('onClose', async () => services.mailer.close());
  await Promise.all([services.balances.start(), services.profileCache.start()]);
  app.addHook('onClose', async () => {
    await Promise.all([services.balances.stop(), services.profileCache.stop()]);
  });
  // An exchange feed polls once listening; the simulator computes prices when asked.
  app.addHook('onListen', async () => services.marketData.start());
  app.addHook('onClose', async () => services.marketData.stop());

  await app.register(helmet);
  await app.register(underPressure, { shedLoad: config.NODE_ENV !== 'test' });
  await app.register(formbody);
  await app.register(multipart);
  await app.register(swagger);
  // i18n's hook must run before the rate limit's, so a refusal is in the caller's language.
  await app.register(i18n);
  await app.register(rateLimit, { max: config.RATE_LIMIT_PER_MINUTE, redis: deps.redis ?? null });
  await app.register(envelope);
  await app.register(auth, { sessions: services.sessions });

  await app.register(authRoutes, { sessions: services.sessions });
  await app.register(userRoutes, { ...services, perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE });
  if (deps.devInbox && config.NODE_ENV !== 'production') {
    await app.register(devMailRoutes, { inbox: deps.devInbox });
  }
  await app.register(supportRoutes, { updates: services.updates });
  await app.register(ledgerRoutes, {
    ledger: services.ledger,
    referenceStates: services.withdrawals.statesOf,
  });
  await app.register(walletRoutes, {
    deposits: services.depositsService,
    withdrawals: services.withdrawals,
    perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(marketRoutes, { marketData: services.marketData });
  await app.register(robotRoutes, {
    robots: services.robots,
    perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(
    services.security.routes,
    services.security.routeOptions(config.AUTH_RATE_LIMIT_PER_MINUTE),
  );
  await app.register(services.content.routes, services.content.options);
  await app.register(services.mining.routes, {
    mining: services.mining.mining,
    perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(services.team.routes, services.team.options);
  await app.register(services.reserves.routes, services.reserves.options);
  await app.register(services.admin.routes, services.admin.options);
  await app.register(unofferedRoutes);

  await app.register(staticFiles, {
    root: config.WEB_DIST_DIR || defaultWebDist,
    adminRoot: defaultAdminDist,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
