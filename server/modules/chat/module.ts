import type { z } from 'zod';
import { messageListSchema, sendMessageSchema, updateReadMessageSchema, type SendMessageFrame } from '../../../src/contracts/chat';
import type { ServerModule } from '../../lib/module';
import { chatRepo } from './repo';
import { chatRoutes } from './routes';
import { chatSeeds } from './seed';
import { CHAT_EVENT, CHAT_FILE_TYPE, CHAT_READ_EVENT, chatService } from './service';

/**
 * One-to-one staff chat (spec 2.7, 4 Chat, 7.10) on the realtime hub: the client methods
 * SendMessage, MessageList and UpdateReadMessage; receiveMessage, sendMessage, messageList and
 * readMessage back; initMessage's unreadNums. HTTP: contacts and the catch-up. Registers who may
 * download chat images with the file module. The token field of the frames is not looked at: the
 * connection's session is the caller.
 */
export const chatModule: ServerModule = {
  name: 'chat',
  seeds: chatSeeds,
  register(app, { db, realtime, need }) {
    const files = need('files');
    const service = chatService(chatRepo(db), realtime, files);
    chatRoutes(app, service);
    files.allowDownload(CHAT_FILE_TYPE, service.maySee);

    realtime.onInit(async (userId) => ({ unreadNums: await service.unreadNums(userId) }));
    realtime.onEvent(CHAT_EVENT, service.deliveries);
    realtime.onEvent(CHAT_READ_EVENT, service.deliveries);
    // The hub hands over the frames as their schemas parsed them (the contract's frame types are the
    // wire's: SendMessage's union is flattened there, MessageList's defaults are optional).
    realtime.onClientMethod('SendMessage', sendMessageSchema, async (frame, c) => {
      const { message, fresh } = await service.send(c.userId, frame as SendMessageFrame);
      // A new message reaches this connection with the others of the sender (the event); a
      // repeat is answered here only.
      if (!fresh) c.send({ method: 'sendMessage', message });
    });
    realtime.onClientMethod('MessageList', messageListSchema, async (frame, c) => c.send(await service.list(c.userId, frame as z.output<typeof messageListSchema>)));
    realtime.onClientMethod('UpdateReadMessage', updateReadMessageSchema, async (frame, c) => {
      await service.read(c.userId, frame.formUserId);
    });
  },
};
