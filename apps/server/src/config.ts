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
    APP_ROLE: { type: 'string', enum: ['all', 'api', 'worker'], default: 'all' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    TRUST_PROXY: { type: 'boolean', default: false },
    DATABASE_URL: { type: 'string', pattern: '^(postgres(ql)?://.*)?$', default: '' },
    DATABASE_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 200, default: 10 },
    PG_DATA_DIR: { type: 'string', minLength: 1, default: '.data/pg' },
    PG_PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 5433 },
    REDIS_URL: { type: 'string', pattern: '^(rediss?://.*)?$', default: '' },
    RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, default: 600 },
    SESSION_IDLE_HOURS: { type: 'integer', minimum: 1, default: 168 },
    SESSION_ABSOLUTE_HOURS: { type: 'integer', minimum: 1, default: 720 },
    SESSION_ROTATE_MINUTES: { type: 'integer', minimum: 1, default: 1440 },
    WEB_DIST_DIR: { type: 'string', default: '' },
  },
} as const;

export interface Config {
  NODE_ENV: 'development' | 'production' | 'test';
  HOST: string;
  PORT: number;
  APP_ROLE: 'all' | 'api' | 'worker';
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  TRUST_PROXY: boolean;
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  PG_DATA_DIR: string;
  PG_PORT: number;
  REDIS_URL: string;
  RATE_LIMIT_PER_MINUTE: number;
  SESSION_IDLE_HOURS: number;
  SESSION_ABSOLUTE_HOURS: number;
  SESSION_ROTATE_MINUTES: number;
  WEB_DIST_DIR: string;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment (and `.env` when present). Throws a ConfigError
 * whose message names each offending variable, e.g. `PORT must be integer`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return envSchema<Config>({ schema, data: env, dotenv: env === process.env });
  } catch (error) {
    const message = (error as Error).message
      .split(',')
      .map((part) => part.trim().replace(/^env\//, ''))
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${message}. See .env.example.`);
  }
}
