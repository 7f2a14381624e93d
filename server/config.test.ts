import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminPassword: undefined,
      tokenTtlMs: 12 * 3600_000,
      demoData: true,
      staticDir: path.resolve('dist'),
      trustProxy: false,
      logLevel: 'warn',
    });
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '', YUNMIAN_ADMIN_PASSWORD: '' });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/yunmian',
      DATABASE_URL: 'postgresql://u:p@db:5432/yunmian',
      YUNMIAN_ADMIN_PASSWORD: 'Secret99',
      YUNMIAN_TOKEN_TTL_HOURS: '0.5',
      YUNMIAN_DEMO_DATA: 'no',
      YUNMIAN_STATIC_DIR: '/srv/www',
      YUNMIAN_TRUST_PROXY: '1',
      YUNMIAN_LOG_LEVEL: 'info',
    });
    expect(c).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/yunmian',
      databaseUrl: 'postgresql://u:p@db:5432/yunmian',
      adminPassword: 'Secret99',
      tokenTtlMs: 1800_000,
      demoData: false,
      staticDir: '/srv/www',
      trustProxy: true,
      logLevel: 'info',
    });
    expect(loadConfig({ YUNMIAN_DEMO_DATA: 'false', YUNMIAN_TRUST_PROXY: 'yes' })).toMatchObject({ demoData: false, trustProxy: true });
  });

  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%s naming the variable', (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toContain('Invalid configuration');
    expect(err.message).toContain('PORT');
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    const err = configError({ DATABASE_URL: 'mysql://root@localhost/db' });
    expect(err.message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('lists every problem at once', () => {
    const err = configError({
      PORT: 'eighty',
      DATABASE_URL: 'sqlite:///tmp/x',
      YUNMIAN_ADMIN_PASSWORD: '123',
      YUNMIAN_LOG_LEVEL: 'loud',
      YUNMIAN_DEMO_DATA: 'maybe',
      YUNMIAN_TOKEN_TTL_HOURS: '0',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'YUNMIAN_ADMIN_PASSWORD', 'YUNMIAN_LOG_LEVEL', 'YUNMIAN_DEMO_DATA', 'YUNMIAN_TOKEN_TTL_HOURS']) {
      expect(err.message).toContain(`${name}:`);
    }
    expect(err.message).toContain('YUNMIAN_ADMIN_PASSWORD must have at least 6 characters');
  });
});
