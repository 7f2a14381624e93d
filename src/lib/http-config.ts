/**
 * What the HTTP client needs from the app, without the client itself: the sign-in page renders
 * without loading ofetch (http.ts loads with the first call).
 */

/** API base; the server serves the documented paths from the app's own origin by default. */
export const API_BASE: string = import.meta.env?.VITE_API_BASE ?? '';

export interface HttpHooks {
  token(): string | null;
  /** Codes 600-602 on calls other than login and lock screen (spec 8). */
  onSessionEnd(code: number): void;
}

export const httpHooks: HttpHooks = { token: () => null, onSessionEnd: () => {} };

export function configureHttp(h: HttpHooks) {
  Object.assign(httpHooks, h);
}
