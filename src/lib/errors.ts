/** Typed client errors; call sites use instanceof (one mapping, in http.ts). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached (offline, DNS, refused, timeout). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Codes 600-602: the session is over. */
export class SessionEndedError extends ApiError {
  override name = 'SessionEndedError';
}
