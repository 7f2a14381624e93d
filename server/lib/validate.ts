import type { z } from 'zod';
import { serverMessages } from './messages';
import { ApiError } from './errors';
import { Code } from '../../src/contracts/codes';

const fieldLabels: Record<string, string> = { account: '账户', password: '密码' };

/**
 * The message a schema of its own gave the first problem (`{ error: '…' }` in a shared schema), when
 * the catalog has it, as is or with its limit as `{max}`; null for zod's own wording.
 */
export function catalogIssue(error: z.ZodError): { msg: string; params: Record<string, number> } | null {
  const issue = error.issues[0];
  if (!issue) return null;
  const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
  if (serverMessages[issue.message]) return { msg: issue.message, params: max !== undefined ? { max } : {} };
  // Shared schemas write the limit into the text ('姓名长度不能超过50个字符'); the catalog keys it as {max}.
  const templated = max !== undefined ? issue.message.replace(String(max), '{max}') : '';
  if (templated && serverMessages[templated]) return { msg: templated, params: { max: max! } };
  return null;
}

/** Parses with a shared zod schema; the first problem becomes a 400 with a clear, translatable msg. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  // The body (or query) itself is not an object: the request is malformed, no field to name.
  if (issue.path.length === 0) throw new ApiError(Code.BAD_REQUEST, 400, '请求格式不正确');
  const key = String(issue.path[0] ?? '');
  const field = fieldLabels[key] ?? (key || '字段');
  const known = catalogIssue(result.error);
  if (known) throw new ApiError(Code.BAD_REQUEST, 400, known.msg, known.params);
  if (issue.code === 'invalid_type' && /undefined/.test(issue.message)) {
    throw new ApiError(Code.BAD_REQUEST, 400, '{field}不能为空', { field });
  }
  if (issue.code === 'too_big') {
    throw new ApiError(Code.BAD_REQUEST, 400, '{field}长度不能超过{max}个字符', { field, max: Number(issue.maximum) });
  }
  throw new ApiError(Code.BAD_REQUEST, 400, '{field}格式不正确', { field });
}
