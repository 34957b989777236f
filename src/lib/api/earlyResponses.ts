/**
 * The answers the app page's inline script asked for before the app's own code had loaded (APP_EARLY_SCRIPT
 * in lib/inlineScripts.ts). The client takes each at most once, for the same GET with the same session, in the app's
 * first moments; every other call, and every later one, goes to the network as usual.
 */
export interface EarlyRequests {
  /** The session token the requests carried. */
  token: string;
  /** When they were sent (Date.now()). */
  at: number;
  /** Pending answers by URL. */
  responses: Map<string, Promise<Response>>;
}

declare global {
  interface Window {
    __studyeaseEarly?: EarlyRequests;
  }
}

/** Past this, an early answer is not used: it was meant for the page's first load, not for a later visit. */
const EARLY_ANSWER_LIFETIME_MS = 30_000;

/**
 * @param url the request's full URL
 * @param init the request as the client would send it
 * @returns the early answer to this very request, taken (a second call gets undefined), or undefined
 */
export function takeEarlyResponse(url: string, init: RequestInit): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__studyeaseEarly;
  if (!early || (init.method ?? 'GET') !== 'GET' || init.signal) return undefined;
  const response = early.responses.get(url);
  if (!response) return undefined;
  early.responses.delete(url);
  const headers = new Headers(init.headers);
  const sameSession = headers.get('Authorization') === `Bearer ${early.token}`;
  const fresh = Date.now() - early.at <= EARLY_ANSWER_LIFETIME_MS;
  return sameSession && fresh && headers.get('Accept') === 'application/json' ? response : undefined;
}
