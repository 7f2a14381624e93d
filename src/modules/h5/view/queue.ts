import type { FormValue } from '@/contracts/h5-publish';
import { formPath, QUEUE_KEY } from './paths';

/**
 * Form submissions that could not be sent yet (issue 19: a visitor's phone offline), kept in
 * localStorage and sent when the phone is back online (the `online` event, the next load, and a
 * backoff timer after a server hiccup). Exactly once: each submission has one id (a ULID made on
 * the device) that every resend carries, and the server stores an id once; an entry is written
 * before its first send and removed only after the server's answer. 2xx → sent; 408, 429, 5xx or
 * no answer → kept and retried; any other 4xx → dropped (the server refused the content: sending
 * it again would not help) and its message shown. No service worker is involved.
 */

export interface Submission {
  workId: string;
  version: number;
  submissionId: string;
  fields: Record<string, FormValue>;
  queuedAt: number;
}

export type SendOutcome = { kind: 'sent' } | { kind: 'retry' } | { kind: 'rejected'; message: string };

/** At most this many waiting submissions, and this many characters of them (localStorage is small). */
export const QUEUE_MAX_ENTRIES = 20;
export const QUEUE_MAX_CHARS = 200_000;
export const REJECTED_MESSAGE = '提交失败，请稍后重试';

/** One POST of a submission and what its answer means for the queue. */
export async function sendSubmission(s: Submission, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetchImpl(formPath(s.workId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ submissionId: s.submissionId, version: s.version, fields: s.fields }),
    });
  } catch {
    return { kind: 'retry' };
  }
  const body = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown } | null;
  // The envelope's code is the answer's status when the HTTP status says less (spec: code 200 = success).
  const code = res.ok && typeof body?.code === 'number' ? body.code : res.status;
  if (code >= 200 && code < 300) return { kind: 'sent' };
  if (code === 408 || code === 429 || code >= 500 || code < 200) return { kind: 'retry' };
  return { kind: 'rejected', message: typeof body?.msg === 'string' && body.msg ? body.msg : REJECTED_MESSAGE };
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function safeStorage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isSubmission = (v: unknown): v is Submission => {
  const s = v as Submission;
  return !!s && typeof s.workId === 'string' && typeof s.submissionId === 'string' && typeof s.version === 'number' && !!s.fields && typeof s.fields === 'object';
};

export interface FlushResult {
  sent: Submission[];
  rejected: Array<{ submission: Submission; message: string }>;
  /** Entries still waiting because their send should be retried. */
  waiting: number;
}

export class SubmissionQueue {
  /** Entries kept in memory too: a browser that refuses storage (private mode, some in-app browsers) still retries while the page is open. */
  private memory: Submission[] | null = null;
  private flushing: Promise<FlushResult> | null = null;

  constructor(
    private readonly send: (s: Submission) => Promise<SendOutcome> = (s) => sendSubmission(s),
    private readonly storage: Store | null = safeStorage(),
  ) {}

  list(): Submission[] {
    if (this.memory) return [...this.memory];
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(this.storage?.getItem(QUEUE_KEY) ?? '[]');
    } catch {
      parsed = null;
    }
    this.memory = Array.isArray(parsed) ? parsed.filter(isSubmission) : [];
    return [...this.memory];
  }

  /** Whether the entries were written to storage (false: kept in memory only). */
  private save(list: Submission[]): boolean {
    this.memory = list;
    if (!this.storage) return false;
    try {
      const text = JSON.stringify(list);
      if (text.length > QUEUE_MAX_CHARS) return false;
      this.storage.setItem(QUEUE_KEY, text);
      return true;
    } catch {
      return false;
    }
  }

  /** Adds a submission (once per id); false when the queue is full. */
  add(s: Submission): boolean {
    const list = this.list();
    if (list.some((e) => e.submissionId === s.submissionId)) return true;
    if (list.length >= QUEUE_MAX_ENTRIES) return false;
    this.save([...list, s]);
    return true;
  }

  private remove(id: string) {
    this.save(this.list().filter((e) => e.submissionId !== id));
  }

  /**
   * A new submission: kept first, then sent at once (after any older one still waiting) unless the
   * device says it is offline. `queued`: it waits for the connection; `sent`; `rejected` with the
   * server's message; `full`: the queue has no room (nothing was kept).
   */
  async submit(s: Submission, online = typeof navigator === 'undefined' || navigator.onLine !== false): Promise<SendOutcome | { kind: 'queued' } | { kind: 'full' }> {
    if (!this.add(s)) return { kind: 'full' };
    if (!online) return { kind: 'queued' };
    // A flush already under way may have started before this entry was added: then a second one.
    for (let attempt = 0; attempt < 2; attempt++) {
      const r = await this.flush();
      const refused = r.rejected.find((x) => x.submission.submissionId === s.submissionId);
      if (refused) return { kind: 'rejected', message: refused.message };
      if (r.sent.some((x) => x.submissionId === s.submissionId)) return { kind: 'sent' };
      if (r.waiting > 0) return { kind: 'queued' };
    }
    return { kind: 'queued' };
  }

  private async sendOne(s: Submission): Promise<SendOutcome> {
    const outcome = await this.send(s);
    if (outcome.kind !== 'retry') this.remove(s.submissionId);
    return outcome;
  }

  /** Sends every waiting submission, oldest first; one flush at a time (a second call joins it). */
  flush(): Promise<FlushResult> {
    this.flushing ??= (async () => {
      const result: FlushResult = { sent: [], rejected: [], waiting: 0 };
      for (const s of this.list()) {
        const outcome = await this.sendOne(s);
        if (outcome.kind === 'sent') result.sent.push(s);
        else if (outcome.kind === 'rejected') result.rejected.push({ submission: s, message: outcome.message });
        else {
          // No connection or a busy server: the rest would fare no better now.
          result.waiting = this.list().length;
          break;
        }
      }
      return result;
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }
}
