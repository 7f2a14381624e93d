import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { PermissionRepo } from '../plugins/permissions';
import type { RealtimeHub } from '../plugins/realtime';

/**
 * The server module contract. Each folder `server/modules/<m>/` declares itself in its
 * `module.ts` as a ServerModule, and `server/modules/index.ts` lists the modules in dependency
 * order; buildApp registers them in that order, and the seed runs their steps in that order.
 * Adding a module is its folder plus one line in that list.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The module that registered the route (set by buildApp; the API reference groups by it). */
    serverModule?: string;
  }
}

/** A data migration, applied once per database and recorded under its id (never rename one). */
export interface SeedStep {
  id: string;
  run(db: Db): Promise<void>;
}

/**
 * Helpers a module offers the modules registered after it, by name. Each offering module adds
 * its entry by declaration merging in its `public.ts`:
 *
 *     declare module '../../lib/module' {
 *       interface ModuleServices { messages: MessageServices }
 *     }
 */
export interface ModuleServices {}
export type ServiceName = keyof ModuleServices;

/** What a module's register gets. */
export interface ModuleDeps {
  /** The contextual db: inside a request-wide transaction (idempotency) queries run on it. */
  db: Db;
  /** The database itself, for work outside any request (listening connections, timers). */
  rootDb: Db;
  config: AppConfig;
  realtime: RealtimeHub;
  /** The per-call permission check's repo: data scope and granted columns (accessFor). */
  permissions: PermissionRepo;
  /** Offers a helper to the modules registered after this one. */
  provide<K extends ServiceName>(name: K, value: ModuleServices[K]): void;
  /** A helper an earlier module offers; throws at start when none does (the list's order is wrong). */
  need<K extends ServiceName>(name: K): ModuleServices[K];
}

export interface ServerModule {
  /** Same name as the client's module (src/modules/<name>) where there is one. */
  name: string;
  /** Data migrations, run by the seed in list order (steps sharing an id run as one). */
  seeds?: SeedStep[];
  /** Adds routes, realtime handlers and offered helpers. `app` is the module's own Fastify scope. */
  register(app: FastifyInstance, deps: ModuleDeps): void | Promise<void>;
}

/** Everything of ModuleDeps but the service registry, which is per module. */
export type SharedDeps = Omit<ModuleDeps, 'provide' | 'need'>;

/**
 * The registry behind `provide`/`need`. Each module gets its own view (`depsFor`), so an error
 * can name the module that asked.
 */
export function serviceRegistry() {
  const offered = new Map<string, { by: string; value: unknown }>();
  return {
    depsFor(moduleName: string, shared: SharedDeps): ModuleDeps {
      return {
        ...shared,
        provide(name, value) {
          const earlier = offered.get(name);
          if (earlier) throw new Error(`module "${moduleName}" provides the service "${name}", which module "${earlier.by}" already provides`);
          offered.set(name, { by: moduleName, value });
        },
        need(name) {
          const entry = offered.get(name);
          if (!entry) {
            throw new Error(
              `module "${moduleName}" needs the service "${name}", which no module registered before it provides: ` +
                `put the module that provides "${name}" before "${moduleName}" in server/modules/index.ts`,
            );
          }
          return entry.value as ModuleServices[typeof name];
        },
      };
    },
  };
}

/**
 * The seed steps of the modules in list order. Steps of several modules may share an id (one
 * data migration touching several modules' data): they are joined into one step at the place of
 * the first, their parts in list order, so the migration is still applied and recorded once.
 */
export function seedStepsOf(modules: readonly Pick<ServerModule, 'seeds'>[]): SeedStep[] {
  const parts = new Map<string, SeedStep[]>();
  for (const step of modules.flatMap((m) => m.seeds ?? [])) {
    const list = parts.get(step.id);
    if (list) list.push(step);
    else parts.set(step.id, [step]);
  }
  return [...parts].map(([id, list]) => ({
    id,
    async run(db) {
      for (const part of list) await part.run(db);
    },
  }));
}
