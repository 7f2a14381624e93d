import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { seedStepsOf, serviceRegistry, type ModuleServices, type SharedDeps } from './module';

const shared = {} as SharedDeps;
const fakeMessages = { unreadCounts: async () => ({ unreadMessageCount: 0, unreadNoticeCount: 0 }) } as unknown as ModuleServices['messages'];

describe('module services (provide / need)', () => {
  it('a module gets what an earlier module provided', () => {
    const registry = serviceRegistry();
    registry.depsFor('message', shared).provide('messages', fakeMessages);
    expect(registry.depsFor('home', shared).need('messages')).toBe(fakeMessages);
  });

  it('needing a service nobody provided yet is a startup error naming the service and the module', () => {
    const registry = serviceRegistry();
    expect(() => registry.depsFor('home', shared).need('messages')).toThrow(
      'module "home" needs the service "messages", which no module registered before it provides: put the module that provides "messages" before "home" in server/modules/index.ts',
    );
  });

  it('a service has one provider', () => {
    const registry = serviceRegistry();
    registry.depsFor('message', shared).provide('messages', fakeMessages);
    expect(() => registry.depsFor('chat', shared).provide('messages', fakeMessages)).toThrow('module "chat" provides the service "messages", which module "message" already provides');
  });
});

describe('seedStepsOf', () => {
  it('keeps list order and joins the parts of a shared step id at the place of its first part', async () => {
    const ran: string[] = [];
    const step = (id: string, label: string) => ({ id, run: async () => void ran.push(label) });
    const steps = seedStepsOf([
      { seeds: [step('a', 'org:a')] },
      { seeds: [step('b', 'x:b')] },
      {},
      { seeds: [step('a', 'base:a'), step('c', 'base:c')] },
    ]);
    expect(steps.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    for (const s of steps) await s.run({} as Db);
    expect(ran).toEqual(['org:a', 'base:a', 'x:b', 'base:c']);
  });
});
