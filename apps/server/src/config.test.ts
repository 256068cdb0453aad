import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
});
