import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional(),
  YUNMIAN_ADMIN_PASSWORD: z.string().min(6, { error: 'YUNMIAN_ADMIN_PASSWORD must have at least 6 characters' }).max(64).optional(),
  YUNMIAN_TOKEN_TTL_HOURS: z.coerce.number({ error: 'YUNMIAN_TOKEN_TTL_HOURS must be a number' }).positive().max(24 * 365).default(12),
  YUNMIAN_DEMO_DATA: bool.default(true),
  YUNMIAN_STATIC_DIR: z.string().default('dist'),
  YUNMIAN_TRUST_PROXY: bool.default(false),
  YUNMIAN_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  tokenTtlMs: number;
  demoData: boolean;
  staticDir: string | null;
  trustProxy: boolean;
  logLevel: string;
}

/** What buildApp and the modules read of the configuration (tests build apps with just this). */
export type AppConfig = Pick<Config, 'tokenTtlMs' | 'staticDir' | 'trustProxy' | 'logLevel'>;

export class ConfigError extends Error {}

/** Reads and checks the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.YUNMIAN_ADMIN_PASSWORD,
    tokenTtlMs: e.YUNMIAN_TOKEN_TTL_HOURS * 3600_000,
    demoData: e.YUNMIAN_DEMO_DATA,
    staticDir: e.YUNMIAN_STATIC_DIR ? path.resolve(e.YUNMIAN_STATIC_DIR) : null,
    trustProxy: e.YUNMIAN_TRUST_PROXY,
    logLevel: e.YUNMIAN_LOG_LEVEL,
  };
}
