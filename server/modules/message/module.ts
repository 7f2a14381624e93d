import type { ServerModule } from '../../lib/module';
import { messageRepo } from './repo';
import { messageRoutes } from './routes';
import { messageSeeds } from './seed';
import { MESSAGE_EVENT, messageService } from './service';

/**
 * Messages and notices (spec 7.4) and their realtime side: the unread counts in initMessage and a
 * messagePush to the connected recipients of each message sent. Offers `messages` to later modules.
 */
export const messageModule: ServerModule = {
  name: 'message',
  seeds: messageSeeds,
  register(app, { db, realtime, provide }) {
    const service = messageService(messageRepo(db), realtime);
    messageRoutes(app, service);
    realtime.onInit((userId) => service.unreadCounts(userId));
    realtime.onEvent(MESSAGE_EVENT, (event, connectedUserIds) => service.pushes(String(event.id), connectedUserIds));
    provide('messages', { sendSystemMessage: service.sendSystemMessage, unreadCounts: service.unreadCounts });
  },
};
