import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, replicaUrls } from './config.ts';

describe('config', () => {
  it('applies documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.PG_DATA_DIR).toBe('.data/pg');
    expect(config.DATABASE_URL).toBe('');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be integer/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_ROLE: 'boss' })).toThrow(/APP_ROLE/);
  });

  it('accepts production settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/olive',
      REDIS_URL: 'redis://cache:6379',
      PORT: '9000',
    });
    expect(config.PORT).toBe(9000);
    expect(config.REDIS_URL).toBe('redis://cache:6379');
  });

  it("takes the owner's URL for migrations only beside the app's", () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://olive_app:a@db:5432/olive',
      DATABASE_OWNER_URL: 'postgres://olive_owner:b@db:5432/olive',
    });
    expect(config.DATABASE_OWNER_URL).toBe('postgres://olive_owner:b@db:5432/olive');
    expect(loadConfig({}).DATABASE_OWNER_URL).toBe('');
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'mysql://x' })).toThrow(/DATABASE_OWNER_URL/);
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://o@db/olive' })).toThrow(
      /DATABASE_OWNER_URL needs DATABASE_URL/,
    );
  });

  it('takes one or more replicas beside a primary, and keeps metrics off the public port', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://olive_app:a@db:5000/olive',
      DATABASE_REPLICA_URL:
        'postgres://olive_app:a@db:5001/olive, postgres://olive_app:a@r2:5001/olive',
    });
    expect(replicaUrls(config)).toEqual([
      'postgres://olive_app:a@db:5001/olive',
      'postgres://olive_app:a@r2:5001/olive',
    ]);
    expect(config.DATABASE_REPLICA_MAX_LAG_MS).toBe(5000);
    expect(replicaUrls(loadConfig({}))).toEqual([]);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://r/olive' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://p/olive', DATABASE_REPLICA_URL: 'mysql://r' }),
    ).toThrow(/DATABASE_REPLICA_URL/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ/);
  });
});
