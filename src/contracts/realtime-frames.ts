import { z } from 'zod';

/**
 * The schemas of the frames a client sends on the websocket (the server validates them). Apart from
 * the protocol's types and values in realtime.ts, which the client loads with the shell: no zod there.
 */

/** The longest method name a frame may carry. */
const METHOD_MAX = 60;

/** What every frame is before its method is known: an object with a method name. */
export const wsFrameSchema = z.looseObject({ method: z.string().min(1).max(METHOD_MAX) });

export const onConnectionSchema = z.object({ method: z.literal('OnConnection'), token: z.string().min(1).max(200), mobileDevice: z.boolean().optional() });
export const heartCheckSchema = z.object({ method: z.literal('heartCheck') });
