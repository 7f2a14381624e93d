/**
 * The paths and values of messages (spec 7.4, 9) that the client's stores need when the shell
 * starts. Apart from the schemas in message.ts (which re-exports these) so the shell's first load
 * does not carry zod.
 */

// ---- Paths (spec 7.4) ----------------------------------------------------------------------------

export const messagePaths = {
  /** GET: the signed-in user's messages (list query and type); POST: a new notice (a draft). */
  messages: '/Message',
  /** One received message, marked read. */
  readInfo: '/Message/ReadInfo/:id',
  readAll: '/Message/Actions/ReadAll',
  /** DELETE: the user's own copies of the listed messages. */
  records: '/Message/Record',
  /** The notice administration list. */
  notices: '/Message/Notice',
  /** A notice: GET, PUT (a draft), DELETE. */
  notice: '/Message/:id',
  release: '/Message/:id/Actions/Release',
} as const;

/** Message types (spec 3): 1 is a notice shown in a dialog; the others link to a workflow route. */
export const MessageType = {
  notice: 1,
  /** Workflow: a task waits for the user (opens /workFlow/flowTodo). */
  flowTodo: 2,
  /** Workflow: a task was circulated to the user (opens /workFlow/flowCirculate). */
  flowCirculate: 3,
  /** Workflow: news of a flow the user launched (opens /workFlow/flowLaunch). */
  flowLaunch: 4,
} as const;

/** Read flag as the spec gives it: '0' unread, '1' read. */
export type ReadFlag = '0' | '1';

/** Messages page size in the drawer and the next page threshold (spec 9 Messages). */
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_LOAD_MORE_PX = 200;
export const NOTICE_TITLE_MAX = 100;
/** Notice HTML, after sanitizing. */
export const NOTICE_BODY_MAX = 200_000;
/** Recipients a notice may name (empty: every enabled staff member). */
export const NOTICE_RECIPIENTS_MAX = 5000;
/** Ids one DELETE /Message/Record may name. */
export const RECORD_DELETE_MAX = 500;

/** Who sent a system message (creatorUser of a message without an author). */
export const SYSTEM_SENDER = '系统';

/** Where a message that is not a notice opens (spec 2.1, 2.7): todo for 2, circulate for 3, else launch. */
export const FLOW_ROUTES = {
  launch: '/workFlow/flowLaunch',
  todo: '/workFlow/flowTodo',
  circulate: '/workFlow/flowCirculate',
} as const;

/**
 * The route a workflow message opens. Its JSON bodyText carries a `type` (spec 3); a body without
 * one falls back to the message's own type. A body naming its task (`flowId`, `taskId`: the
 * workflow's FlowMessageBody) opens that task on the page: `?taskId=…&flowId=…`.
 */
export function flowRouteOf(message: { type: number; bodyText?: string | null }): string {
  let type = message.type;
  let task = '';
  if (message.bodyText) {
    try {
      const body = JSON.parse(message.bodyText) as { type?: unknown; flowId?: unknown; taskId?: unknown };
      if (body && typeof body === 'object') {
        if (body.type !== undefined && Number.isFinite(Number(body.type))) type = Number(body.type);
        if (typeof body.taskId === 'string' && body.taskId && typeof body.flowId === 'string' && body.flowId) {
          task = `?${new URLSearchParams({ taskId: body.taskId, flowId: body.flowId }).toString()}`;
        }
      }
    } catch {
      /* not JSON: the message type decides */
    }
  }
  if (type === MessageType.flowTodo) return FLOW_ROUTES.todo + task;
  if (type === MessageType.flowCirculate) return FLOW_ROUTES.circulate + task;
  return FLOW_ROUTES.launch + task;
}
