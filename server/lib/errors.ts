import { Code } from '../../src/contracts/codes';

/**
 * A failure with a documented code. `msg` is the Chinese source text (translated per request by the
 * error handler); `params` fill its `{name}` placeholders.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    message: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, params?: Record<string, string | number>) =>
  new ApiError(Code.BAD_REQUEST, 400, msg, params);
export const clientRejected = () => new ApiError(Code.UNAUTHORIZED, 401, '客户端认证失败');
export const forbidden = (msg = '您的权限不足，请联系管理员') => new ApiError(Code.FORBIDDEN, 403, msg);
export const notFound = (msg = '请求的资源不存在') => new ApiError(Code.NOT_FOUND, 404, msg);
export const tooManyAttempts = (minutes: number) =>
  new ApiError(Code.TOO_MANY_REQUESTS, 429, '登录失败次数过多，请{minutes}分钟后再试', { minutes });
/** The row changed since the version the client based its write on; `data` is the current copy. */
export const conflict = (current: unknown) => new ApiError(Code.CONFLICT, 409, '数据已被他人修改，请刷新后重试', {}, current);
export const tokenExpired = () => new ApiError(Code.TOKEN_EXPIRED, 401, '登录过期,请重新登录');
export const tokenInvalid = () => new ApiError(Code.TOKEN_INVALID, 401, '登录信息无效,请重新登录');
export const tokenRevoked = () => new ApiError(Code.TOKEN_REVOKED, 401, '登录已失效,请重新登录');
