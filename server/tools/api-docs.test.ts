import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { API_DOCS_FILE, apiDocs } from './api-docs';

let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(async () => {
  await d?.close();
});

describe('docs/api.md', () => {
  it('is what the routes give (run `npx tsx server/tools/api-docs.ts` to update it)', async () => {
    const expected = await apiDocs(d.db);
    const actual = fs.existsSync(API_DOCS_FILE) ? fs.readFileSync(API_DOCS_FILE, 'utf8') : '';
    expect(actual, 'docs/api.md is out of date: run `npx tsx server/tools/api-docs.ts` to update it').toBe(expected);
  });

  it('lists every route once, under the module that registered it', async () => {
    const text = await apiDocs(d.db);
    const core = text.slice(text.indexOf('## core'), text.indexOf('## auth'));
    expect(core.split('\n').filter((l) => l.startsWith('| GET'))).toHaveLength(2);
    const permission = text.slice(text.indexOf('## permission'), text.indexOf('## base'));
    expect(permission).toContain('| PUT | `/Permission/Authority/Data/:roleId` | yes | `permission.role` btn_authorize |  |');
    const rows = text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Method'));
    const keys = rows.map((r) => r.split(' | ').slice(0, 2).join(' '));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
