// One validated configuration for every role (API, worker, CLI). Every variable is
// documented in the committed .env.example; a wrong value stops startup naming it.
import { envSchema } from 'env-schema';

const schema = {
  type: 'object',
  required: [],
  properties: {
    NODE_ENV: {
      type: 'string',
      enum: ['development', 'production', 'test'],
      default: 'development',
    },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    // chain: runs only the demo devchain, for API and worker processes elsewhere (decision 152).
    APP_ROLE: { type: 'string', enum: ['all', 'api', 'worker', 'chain'], default: 'all' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    TRUST_PROXY: { type: 'boolean', default: false },
    DATABASE_URL: { type: 'string', pattern: '^(postgres(ql)?://.*)?$', default: '' },
    // The schema owner's connection, for migrations only (decision 140); DATABASE_URL is
    // the app's role, which owns nothing.
    DATABASE_OWNER_URL: { type: 'string', pattern: '^(postgres(ql)?://.*)?$', default: '' },
    DATABASE_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 200, default: 10 },
    // Lag-tolerant reads go to these streaming replicas (decision 144), comma separated.
    DATABASE_REPLICA_URL: {
      type: 'string',
      pattern: '^(postgres(ql)?://[^,\\s]+(\\s*,\\s*postgres(ql)?://[^,\\s]+)*)?$',
      default: '',
    },
    DATABASE_REPLICA_MAX_LAG_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 5000 },
    // Prometheus metrics on a port of their own (decision 145); 0: off.
    METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 0 },
    METRICS_HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    METRICS_TOKEN: { type: 'string', default: '' },
    PG_DATA_DIR: { type: 'string', minLength: 1, default: '.data/pg' },
    PG_PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 5433 },
    REDIS_URL: { type: 'string', pattern: '^(rediss?://.*)?$', default: '' },
    RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, default: 600 },
    AUTH_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, default: 10 },
    AUTH_LIMIT_PER_HOUR: { type: 'integer', minimum: 1, default: 20 },
    SESSION_IDLE_HOURS: { type: 'integer', minimum: 1, default: 168 },
    SESSION_ABSOLUTE_HOURS: { type: 'integer', minimum: 1, default: 720 },
    SESSION_ROTATE_MINUTES: { type: 'integer', minimum: 1, default: 1440 },
    ADMIN_SESSION_IDLE_MINUTES: { type: 'integer', minimum: 1, maximum: 1440, default: 30 },
    ADMIN_SESSION_ABSOLUTE_HOURS: { type: 'integer', minimum: 1, maximum: 72, default: 12 },
    WEB_DIST_DIR: { type: 'string', default: '' },
    SMTP_URL: { type: 'string', pattern: '^(smtps?://.*)?$', default: '' },
    MAIL_FROM: { type: 'string', minLength: 3, default: 'Olive <no-reply@olive.local>' },
    DEV_INBOX_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 2525 },
    SMS_GATEWAY_URL: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    SMS_GATEWAY_KEY: { type: 'string', default: '' },
    SMS_SENDER: { type: 'string', default: 'Olive' },
    CHAIN_RPC_ERC20: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    CHAIN_RPC_BEP20: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    CHAIN_RPC_TRC20: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    USDT_CONTRACT_ERC20: { type: 'string', pattern: '^(0x[0-9a-fA-F]{40})?$', default: '' },
    USDT_CONTRACT_BEP20: { type: 'string', pattern: '^(0x[0-9a-fA-F]{40})?$', default: '' },
    USDT_CONTRACT_TRC20: { type: 'string', pattern: '^(T[1-9A-HJ-NP-Za-km-z]{33})?$', default: '' },
    DEPOSIT_XPUB_EVM: {
      type: 'string',
      pattern: '^(xpub[1-9A-HJ-NP-Za-km-z]{107,108})?$',
      default: '',
    },
    DEPOSIT_XPUB_TRON: {
      type: 'string',
      pattern: '^(xpub[1-9A-HJ-NP-Za-km-z]{107,108})?$',
      default: '',
    },
    SWEEP_XPRV_EVM: {
      type: 'string',
      pattern: '^(xprv[1-9A-HJ-NP-Za-km-z]{107,108})?$',
      default: '',
    },
    SWEEP_GAS_KEY_EVM: { type: 'string', pattern: '^(0x[0-9a-fA-F]{64})?$', default: '' },
    SWEEP_THRESHOLD: { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,8})?$', default: '100' },
    TRON_FULL_HOST: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    TRON_API_KEY: { type: 'string', default: '' },
    HOT_WALLET_KEY_TRON: { type: 'string', pattern: '^(0x)?([0-9a-fA-F]{64})?$', default: '' },
    HOT_WALLET_KEY_EVM: { type: 'string', pattern: '^(0x[0-9a-fA-F]{64})?$', default: '' },
    CHAIN_START_BLOCK: { type: 'string', pattern: '^(head|\\d+)$', default: 'head' },
    // Proof of reserves (issue 16): where snapshots are published (default beside the
    // database: <PG_DATA_DIR>/../reserves) and the key that anchors each root on chain.
    RESERVES_DIR: { type: 'string', default: '' },
    RESERVES_ANCHOR_KEY: { type: 'string', pattern: '^(0x[0-9a-fA-F]{64})?$', default: '' },
    // The public nodes the investor app's build reads anchors from (issue 30): the server
    // only allows their origins in the pages' Content-Security-Policy (connect-src).
    VITE_RESERVES_RPC_ERC20: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    VITE_RESERVES_RPC_BEP20: { type: 'string', pattern: '^(https?://.*)?$', default: '' },
    DEVCHAIN_PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 8547 },
    DEVCHAIN_BLOCK_MS: { type: 'integer', minimum: 100, maximum: 60000, default: 1000 },
    MARKET_FEED: { type: 'string', enum: ['simulated', 'ccxt'], default: 'simulated' },
    MARKET_SEED: { type: 'integer', minimum: 0, maximum: 4294967295, default: 20261121 },
    MARKET_EPOCH: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$',
      default: '2026-01-01T00:00:00Z',
    },
    MARKET_EXCHANGE: { type: 'string', pattern: '^[a-z0-9]+$', default: 'binance' },
    // Demo investors (issue 11): seeded once per database when the feed is the simulator.
    // No default here: unset means on, except under NODE_ENV=test (see loadConfig).
    DEMO_INVESTORS: { type: 'boolean' },
    MINING_FEED: { type: 'string', enum: ['simulated', 'mempool'], default: 'simulated' },
    MINING_FEED_URL: { type: 'string', pattern: '^https?://', default: 'https://mempool.space' },
  },
} as const;

export interface Config {
  NODE_ENV: 'development' | 'production' | 'test';
  HOST: string;
  PORT: number;
  APP_ROLE: 'all' | 'api' | 'worker' | 'chain';
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  TRUST_PROXY: boolean;
  DATABASE_URL: string;
  /** Migrations connect with this (the schema owner); empty: with DATABASE_URL. */
  DATABASE_OWNER_URL: string;
  DATABASE_POOL_SIZE: number;
  /** Streaming replicas for lag-tolerant reads, comma separated; empty: none. */
  DATABASE_REPLICA_URL: string;
  DATABASE_REPLICA_MAX_LAG_MS: number;
  /** The Prometheus endpoint's own port (0: none), address and optional bearer token. */
  METRICS_PORT: number;
  METRICS_HOST: string;
  METRICS_TOKEN: string;
  PG_DATA_DIR: string;
  PG_PORT: number;
  REDIS_URL: string;
  RATE_LIMIT_PER_MINUTE: number;
  AUTH_RATE_LIMIT_PER_MINUTE: number;
  AUTH_LIMIT_PER_HOUR: number;
  SESSION_IDLE_HOURS: number;
  SESSION_ABSOLUTE_HOURS: number;
  SESSION_ROTATE_MINUTES: number;
  ADMIN_SESSION_IDLE_MINUTES: number;
  ADMIN_SESSION_ABSOLUTE_HOURS: number;
  WEB_DIST_DIR: string;
  SMTP_URL: string;
  MAIL_FROM: string;
  DEV_INBOX_PORT: number;
  SMS_GATEWAY_URL: string;
  SMS_GATEWAY_KEY: string;
  SMS_SENDER: string;
  CHAIN_RPC_ERC20: string;
  CHAIN_RPC_BEP20: string;
  CHAIN_RPC_TRC20: string;
  USDT_CONTRACT_ERC20: string;
  USDT_CONTRACT_BEP20: string;
  USDT_CONTRACT_TRC20: string;
  DEPOSIT_XPUB_EVM: string;
  DEPOSIT_XPUB_TRON: string;
  HOT_WALLET_KEY_EVM: string;
  SWEEP_XPRV_EVM: string;
  SWEEP_GAS_KEY_EVM: string;
  SWEEP_THRESHOLD: string;
  TRON_FULL_HOST: string;
  TRON_API_KEY: string;
  HOT_WALLET_KEY_TRON: string;
  CHAIN_START_BLOCK: string;
  RESERVES_DIR: string;
  RESERVES_ANCHOR_KEY: string;
  VITE_RESERVES_RPC_ERC20: string;
  VITE_RESERVES_RPC_BEP20: string;
  DEVCHAIN_PORT: number;
  DEVCHAIN_BLOCK_MS: number;
  MARKET_FEED: 'simulated' | 'ccxt';
  MARKET_SEED: number;
  MARKET_EPOCH: string;
  MARKET_EXCHANGE: string;
  /** Seed the labelled demo investors (simulator only); default on outside tests. */
  DEMO_INVESTORS: boolean;
  MINING_FEED: 'simulated' | 'mempool';
  MINING_FEED_URL: string;
}

/** The replica URLs of DATABASE_REPLICA_URL, in order. */
export const replicaUrls = (config: Config) =>
  config.DATABASE_REPLICA_URL.split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** No RPC URL configured: the local devchain stands in for the three networks. */
export const usesDevchain = (config: Config) =>
  !config.CHAIN_RPC_ERC20 && !config.CHAIN_RPC_BEP20 && !config.CHAIN_RPC_TRC20;

export class ConfigError extends Error {}

/**
 * Reads and validates the environment (and `.env` when present). Throws a ConfigError
 * whose message names each offending variable, e.g. `PORT must be integer`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  let config: Config;
  try {
    // Only the given variables: a test's loadConfig({...}) must not see the shell's.
    const own = env === process.env;
    config = envSchema<Config>({ schema, data: env, env: own, dotenv: own });
  } catch (error) {
    const message = (error as Error).message
      .split(',')
      .map((part) => part.trim().replace(/^env\//, ''))
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${message}. See .env.example.`);
  }
  // Tests start without demo investors unless a test asks for them.
  config.DEMO_INVESTORS ??= config.NODE_ENV !== 'test';
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required in production.');
  }
  if (config.NODE_ENV === 'production') {
    for (const name of ['DEPOSIT_XPUB_EVM', 'DEPOSIT_XPUB_TRON'] as const) {
      if (!config[name])
        throw new ConfigError(`Invalid configuration: ${name} is required in production.`);
    }
    if (usesDevchain(config)) {
      throw new ConfigError(
        'Invalid configuration: CHAIN_RPC_ERC20, CHAIN_RPC_BEP20 or CHAIN_RPC_TRC20 is required in production.',
      );
    }
  }
  if (config.DATABASE_OWNER_URL && !config.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_OWNER_URL needs DATABASE_URL (the app role it grants to).',
    );
  }
  if (config.APP_ROLE === 'chain' && !usesDevchain(config)) {
    throw new ConfigError(
      'Invalid configuration: APP_ROLE=chain runs the local devchain; it takes no CHAIN_RPC_*.',
    );
  }
  if (config.DATABASE_REPLICA_URL && !config.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_REPLICA_URL needs DATABASE_URL (the primary it replicates).',
    );
  }
  if (config.METRICS_PORT && config.METRICS_PORT === config.PORT) {
    throw new ConfigError(
      'Invalid configuration: METRICS_PORT must differ from PORT (metrics are never public).',
    );
  }
  if (config.SMS_GATEWAY_URL && !config.SMS_GATEWAY_KEY) {
    throw new ConfigError(
      'Invalid configuration: SMS_GATEWAY_KEY is required with SMS_GATEWAY_URL.',
    );
  }
  return config;
}
