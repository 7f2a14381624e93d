import { describe, expect, it, vi } from 'vitest';
import { QUEUE_KEY } from './paths';
import { QUEUE_MAX_ENTRIES, sendSubmission, SubmissionQueue, type SendOutcome, type Submission } from './queue';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};
const sub = (id: string, workId = '01JDEVFIXTURE0000000000000'): Submission => ({ workId, version: 2, submissionId: id, fields: { 'form-input_abcd1234': '张三' }, queuedAt: 1 });
const answer = (status: number, body: unknown = { code: status, msg: status === 200 ? '提交成功' : '参数错误' }) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('sendSubmission: what an answer means', () => {
  it('posts the submission to the form endpoint with its id, version and fields', async () => {
    const fetchImpl = vi.fn(() => answer(200));
    expect(await sendSubmission(sub('01AAAAAAAAAAAAAAAAAAAAAAAA'), fetchImpl as unknown as typeof fetch)).toEqual({ kind: 'sent' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/p/01JDEVFIXTURE0000000000000/form');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ submissionId: '01AAAAAAAAAAAAAAAAAAAAAAAA', version: 2, fields: { 'form-input_abcd1234': '张三' } });
  });

  it('retries on no answer, 408, 429 and 5xx; gives up on other 4xx with the server message', async () => {
    const s = sub('01AAAAAAAAAAAAAAAAAAAAAAAA');
    const outcome = (f: () => Promise<Response>) => sendSubmission(s, f as unknown as typeof fetch);
    expect(await outcome(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ kind: 'retry' });
    expect(await outcome(() => answer(429))).toEqual({ kind: 'retry' });
    expect(await outcome(() => answer(503, null))).toEqual({ kind: 'retry' });
    expect(await outcome(() => answer(408))).toEqual({ kind: 'retry' });
    expect(await outcome(() => answer(400, { code: 400, msg: '手机号格式不正确' }))).toEqual({ kind: 'rejected', message: '手机号格式不正确' });
    expect(await outcome(() => answer(413, {}))).toEqual({ kind: 'rejected', message: '提交失败，请稍后重试' });
    // The envelope's code counts when the HTTP status is 200.
    expect(await outcome(() => answer(200, { code: 400, msg: '姓名不能为空' }))).toEqual({ kind: 'rejected', message: '姓名不能为空' });
    expect(await outcome(() => answer(200, { code: 429, msg: '提交过于频繁，请稍后再试' }))).toEqual({ kind: 'retry' });
  });
});

describe('the offline submission queue', () => {
  it('keeps a submission made offline and sends it exactly once when back online, with the same id', async () => {
    const storage = memoryStorage();
    const sent: string[] = [];
    let online = false;
    const send = vi.fn(async (s: Submission): Promise<SendOutcome> => {
      if (!online) return { kind: 'retry' };
      sent.push(s.submissionId);
      return { kind: 'sent' };
    });
    const queue = new SubmissionQueue(send, storage);
    expect(await queue.submit(sub('01AAAAAAAAAAAAAAAAAAAAAAAA'), false)).toEqual({ kind: 'queued' });
    expect(send).not.toHaveBeenCalled();
    expect(JSON.parse(storage.data.get(QUEUE_KEY)!)).toHaveLength(1);

    // The page is closed and opened again, still offline: still kept.
    const reopened = new SubmissionQueue(send, storage);
    expect((await reopened.flush()).waiting).toBe(1);

    online = true;
    const [a, b] = await Promise.all([reopened.flush(), reopened.flush()]);
    expect(a).toBe(b);
    expect(a.sent.map((s) => s.submissionId)).toEqual(['01AAAAAAAAAAAAAAAAAAAAAAAA']);
    await reopened.flush();
    expect(sent).toEqual(['01AAAAAAAAAAAAAAAAAAAAAAAA']);
    expect(send.mock.calls.every(([s]) => s.submissionId === '01AAAAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
    expect(JSON.parse(storage.data.get(QUEUE_KEY)!)).toEqual([]);
  });

  it('stops retrying a submission the server refused (4xx), and says why', async () => {
    const storage = memoryStorage();
    const send = vi.fn(async (): Promise<SendOutcome> => ({ kind: 'rejected', message: '姓名不能为空' }));
    const queue = new SubmissionQueue(send, storage);
    expect(await queue.submit(sub('01AAAAAAAAAAAAAAAAAAAAAAAA'), true)).toEqual({ kind: 'rejected', message: '姓名不能为空' });
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.list()).toEqual([]);
  });

  it('keeps retrying on 429 / 5xx until accepted, oldest first', async () => {
    const storage = memoryStorage();
    const answers: SendOutcome['kind'][] = ['retry', 'retry', 'sent', 'sent'];
    const order: string[] = [];
    const queue = new SubmissionQueue(async (s) => {
      order.push(s.submissionId);
      return { kind: answers.shift()! } as SendOutcome;
    }, storage);
    expect(await queue.submit(sub('01AAAAAAAAAAAAAAAAAAAAAAAA'), true)).toEqual({ kind: 'queued' });
    expect(await queue.submit(sub('01BBBBBBBBBBBBBBBBBBBBBBBB'), true)).toEqual({ kind: 'queued' });
    const r = await queue.flush();
    expect(r.sent.map((s) => s.submissionId)).toEqual(['01AAAAAAAAAAAAAAAAAAAAAAAA', '01BBBBBBBBBBBBBBBBBBBBBBBB']);
    expect(order).toEqual(['01AAAAAAAAAAAAAAAAAAAAAAAA', '01AAAAAAAAAAAAAAAAAAAAAAAA', '01AAAAAAAAAAAAAAAAAAAAAAAA', '01BBBBBBBBBBBBBBBBBBBBBBBB']);
  });

  it('a repeated id is kept once; a full queue refuses; unreadable storage starts empty; refused storage still works in memory', async () => {
    const storage = memoryStorage();
    const queue = new SubmissionQueue(async () => ({ kind: 'retry' }), storage);
    queue.add(sub('01AAAAAAAAAAAAAAAAAAAAAAAA'));
    queue.add(sub('01AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(queue.list()).toHaveLength(1);
    for (let i = 1; i < QUEUE_MAX_ENTRIES; i++) queue.add(sub(`01C${String(i).padStart(23, '0')}`));
    expect(await queue.submit(sub('01DDDDDDDDDDDDDDDDDDDDDDDD'), true)).toEqual({ kind: 'full' });

    storage.data.set(QUEUE_KEY, '{not json');
    expect(new SubmissionQueue(async () => ({ kind: 'sent' }), storage).list()).toEqual([]);

    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    const inMemory = new SubmissionQueue(async () => ({ kind: 'sent' }), refusing);
    expect(await inMemory.submit(sub('01EEEEEEEEEEEEEEEEEEEEEEEE'), true)).toEqual({ kind: 'sent' });
  });
});
