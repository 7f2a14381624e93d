import type { FastifyRequest } from 'fastify';
import { idParamSchema, stateBodySchema } from '../../src/contracts/common';
import type { PermissionRule } from '../plugins/permissions';
import { parse } from './validate';

/** Route options and request readers the modules' routes share. */

/** Route options: the module (menu enCode) and button the call needs (server/plugins/permissions.ts). */
export const needs = (module: string, button?: PermissionRule['button']) => ({ config: { permission: button ? { module, button } : { module } } });

/** Pickers, trees and other cached reads: any signed-in user; the answer carries an ETag (304 on If-None-Match). */
export const cached = { config: { etag: true } };

/** The `{id}` path parameter (a ULID). */
export const idParam = (req: Pick<FastifyRequest, 'params'>) => parse(idParamSchema, req.params).id;

/** PUT …/Actions/State: the state asked for, or undefined for a toggle. */
export const stateBody = (req: Pick<FastifyRequest, 'body'>) => parse(stateBodySchema, req.body).enabledMark;
