import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/contracts/codes';
import { ApiError } from '../lib/errors';
import { requestLanguage, translate } from '../lib/messages';

export function send(reply: FastifyReply, request: FastifyRequest, err: ApiError) {
  const lang = requestLanguage(request.headers['accept-language']);
  return reply.status(err.httpStatus).send({ code: err.code, msg: translate(err.message, lang, err.params), data: err.data });
}

/** One place turns every failure into the documented envelope; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return send(reply, request, error);
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP'))) {
      return send(reply, request, new ApiError(Code.BAD_REQUEST, 400, '请求格式不正确'));
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, request, new ApiError(Code.BAD_REQUEST, 400, '请求格式不正确'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, request, new ApiError(Code.PAYLOAD_TOO_LARGE, 413, '请求内容过大'));
    }
    if (error.statusCode === 429) {
      return send(reply, request, new ApiError(Code.TOO_MANY_REQUESTS, 429, '请求过于频繁，请稍后再试'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, request, new ApiError(Code.BAD_REQUEST, error.statusCode, '请求格式不正确'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, new ApiError(Code.SERVER_ERROR, 500, '服务器错误，请稍后重试'));
  });
  // Success messages follow the request's language too.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const body = payload as { code?: unknown; msg?: unknown } | null;
    if (body && typeof body === 'object' && body.code === Code.OK && typeof body.msg === 'string') {
      const lang = requestLanguage(request.headers['accept-language']);
      if (lang !== 'zh-CN') return { ...body, msg: translate(body.msg, lang) };
    }
    return payload;
  });
  app.setNotFoundHandler((request, reply) => send(reply, request, new ApiError(Code.NOT_FOUND, 404, '接口不存在')));
}

export function ok<T>(data: T, msg = '操作成功') {
  return { code: Code.OK, msg, data };
}
