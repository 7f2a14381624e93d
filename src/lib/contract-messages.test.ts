import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as limits from '@/contracts/limits';
import { rules } from '@/contracts/validation';
import { uploadMessages } from '@/contracts/files';
import { contractMessageDescriptor, isContractMessage, translateContractMessage } from './contract-messages';

/**
 * Every message the shared schemas (src/contracts) can give has an entry in the client catalog,
 * so the client shows it in the UI language. The schema files are read as text: each `error: '…'`
 * or `error: \`…\`` literal is collected, and `${NAME}` in a template is filled in with the
 * constant of limits.ts (or of the contract module) as the schema does at run time.
 */

const dir = fileURLToPath(new URL('../contracts', import.meta.url));
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();

/** Constants a template may use: limits.ts and the exported numbers/strings of the contract modules. */
const contractModules = import.meta.glob<Record<string, unknown>>(['../contracts/*.ts', '!../contracts/*.test.ts'], { eager: true });
const constants = new Map<string, string>();
for (const mod of [...Object.values(contractModules), limits]) {
  for (const [k, v] of Object.entries(mod)) if (typeof v === 'number' || typeof v === 'string') constants.set(k, String(v));
}

/**
 * The values a name in a template takes. A constant is itself; a number parameter of a helper
 * (`const optionalText = (max: number) => … \`长度不能超过${max}个字符\``) takes the value of every
 * call of that helper in the same file (`optionalText(TEXT_MAX)`).
 */
function valuesOf(name: string, source: string, file: string): string[] {
  const known = constants.get(name);
  if (known !== undefined) return [known];
  const helper = new RegExp(`const (\\w+) = \\(\\s*${name}\\s*:\\s*number\\s*\\)\\s*=>`).exec(source);
  if (!helper) throw new Error(`${file}: cannot evaluate \${${name}}`);
  const calls = [...source.matchAll(new RegExp(`\\b${helper[1]}\\(\\s*(\\w+)\\s*\\)`, 'g'))].map((m) => m[1]!);
  if (calls.length === 0) throw new Error(`${file}: ${helper[1]} is never called`);
  return [...new Set(calls.map((arg) => (/^\d+$/.test(arg) ? arg : constants.get(arg) ?? `\${${arg}}`)))];
}

/** Fills in every `${name}` of a template (each combination of values). */
function expand(template: string, source: string, file: string): string[] {
  const m = /\$\{\s*(\w+)\s*\}/.exec(template);
  if (!m) return [template];
  return valuesOf(m[1]!, source, file).flatMap((v) => expand(template.replace(m[0], v), source, file));
}

function contractErrors(): { file: string; message: string }[] {
  const out: { file: string; message: string }[] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/\berror:\s*(?:'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/g)) {
      const literal = m[1] ?? m[2]!;
      for (const message of m[1] !== undefined ? [literal] : expand(literal, source, file)) out.push({ file, message });
    }
  }
  return out;
}

describe('contract messages catalog', () => {
  const errors = contractErrors();

  it('finds the error messages of the shared schemas', () => {
    expect(errors.length).toBeGreaterThan(40);
    const messages = errors.map((e) => e.message);
    // The limits are filled in as the schemas give them.
    expect(messages).toContain(`名称长度不能超过${limits.NAME_MAX}个字符`);
    expect(messages).toContain(`说明长度不能超过${limits.TEXT_MAX}个字符`);
    expect(messages).toContain(`账户长度不能超过${limits.ACCOUNT_MAX}个字符`);
    expect(messages).toContain(`长度不能超过${limits.TEXT_MAX}个字符`);
    expect(messages.filter((s) => s.includes('${'))).toEqual([]);
  });

  it('has an entry for every error message of src/contracts', () => {
    const missing = errors.filter((e) => !isContractMessage(e.message)).map((e) => `${e.file}: ${e.message}`);
    expect(missing).toEqual([]);
  });

  it('has an entry for every spec 5.1 rule and upload message', () => {
    const messages = [...Object.values(rules).map((r) => r.message), ...Object.values(uploadMessages)];
    expect(messages.filter((m) => !isContractMessage(m))).toEqual([]);
  });

  it('keys each entry by the text of its message', () => {
    for (const { message } of errors) expect(contractMessageDescriptor(message)?.message).toBe(message);
  });

  it('gives unknown texts as they are', () => {
    expect(translateContractMessage('服务器返回的其他消息')).toBe('服务器返回的其他消息');
    expect(translateContractMessage(undefined)).toBeUndefined();
    expect(translateContractMessage('名称不能为空')).toBe('名称不能为空');
  });
});
