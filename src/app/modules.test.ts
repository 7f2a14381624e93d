import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tableProblems } from '@/lib/sync/user-db';
import { modules } from './modules';

const repeated = (names: string[]) => names.filter((n, i) => names.indexOf(n) !== i);

describe('the module list', () => {
  it('names every module folder that declares a module.ts, once, under its folder name', () => {
    const folders = fs.readdirSync('src/modules').filter((d) => fs.existsSync(`src/modules/${d}/module.ts`));
    expect(modules.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  it('no two modules claim the same sync kind, menu page or view type', () => {
    expect(repeated(modules.flatMap((m) => Object.keys(m.syncKinds ?? {})))).toEqual([]);
    expect(repeated(modules.flatMap((m) => Object.keys(m.pages ?? {})))).toEqual([]);
    expect(repeated(modules.flatMap((m) => Object.keys(m.viewTypes ?? {})))).toEqual([]);
    expect(repeated(modules.flatMap((m) => (m.datasets ?? []).map((d) => d.def.key)))).toEqual([]);
  });

  it('module tables take database versions above the queue’s own, one version per declaration', () => {
    expect(tableProblems(modules.flatMap((m) => m.tables ?? []))).toEqual([]);
    expect(tableProblems([{ version: 2, stores: { a: 'id' } }])).toHaveLength(1);
    expect(tableProblems([{ version: 5, stores: { a: 'id' } }, { version: 5, stores: { b: 'id' } }])).toEqual(['b and a share version 5']);
  });
});
