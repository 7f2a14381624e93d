import type { MessageService } from './service';

/** What the message module offers the modules registered after it (`deps.need('messages')`). */
export type MessageServices = Pick<MessageService, 'sendSystemMessage' | 'unreadCounts'>;

declare module '../../lib/module' {
  interface ModuleServices {
    /**
     * sendSystemMessage: a released message to some users, pushed once the caller's transaction
     * commits (workflow: types 2-4). unreadCounts: a user's unread notices and messages.
     */
    messages: MessageServices;
  }
}
