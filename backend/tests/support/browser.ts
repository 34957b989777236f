// Just enough of a browser for OAuth round trips over plain HTTP: follows redirects one hop at a time and keeps
// cookies between requests, as users-permissions' /connect needs its session cookie back on the callback.
// Cookies are kept per host name, ignoring ports, as browsers do (the backend and the test provider share
// 127.0.0.1); paths, expiry dates other than "already expired", and the Secure flag are ignored.

/** One response on the way. */
export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

export interface Browser {
  /**
   * One request, no redirect followed, with this browser's cookies for the host, storing the ones it sets.
   *
   * @param url - absolute URL
   * @param init - method, headers, body, and `cookies: false` to leave the jar out (a request from elsewhere)
   */
  request(url: string, init?: RequestInit & { cookies?: boolean }): Promise<Response>;
  /**
   * Follows redirects from `url` like a browser would, stopping before requesting a URL `stopAt` accepts (the site,
   * which does not run in these tests) or at the first answer that is not a redirect.
   *
   * @returns every hop and the URL the browser ends on
   */
  navigate(url: string, stopAt: (url: URL) => boolean): Promise<{ hops: Hop[]; final: URL; response: Response | null }>;
  /** The cookies held for a host, by name. */
  cookies(host: string): ReadonlyMap<string, string>;
}

const MAX_HOPS = 10;

/**
 * @param header - one Set-Cookie header value
 * @returns the cookie's name and value, and whether it deletes the cookie
 */
const parseSetCookie = (header: string): { name: string; value: string; expired: boolean } | null => {
  const [pair = '', ...attributes] = header.split(';');
  const at = pair.indexOf('=');
  if (at <= 0) return null;
  let expired = false;
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) expired = true;
    if (key.toLowerCase() === 'expires' && Date.parse(value) < Date.now()) expired = true;
  }
  return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), expired };
};

/**
 * @returns a browser with an empty cookie jar
 */
export const createBrowser = (): Browser => {
  const jar = new Map<string, Map<string, string>>();
  const cookiesOf = (host: string): Map<string, string> => {
    let cookies = jar.get(host);
    if (cookies === undefined) {
      cookies = new Map();
      jar.set(host, cookies);
    }
    return cookies;
  };

  const request: Browser['request'] = async (url, init = {}) => {
    const { cookies: useCookies = true, ...rest } = init;
    const { hostname } = new URL(url);
    const headers = new Headers(rest.headers);
    const cookies = cookiesOf(hostname);
    if (useCookies && cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const res = await fetch(url, { ...rest, headers, redirect: 'manual' });
    if (useCookies) {
      for (const header of res.headers.getSetCookie()) {
        const cookie = parseSetCookie(header);
        if (cookie === null) continue;
        if (cookie.expired) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
    }
    return res;
  };

  return {
    request,
    navigate: async (start, stopAt) => {
      const hops: Hop[] = [];
      let url = new URL(start);
      for (let hop = 0; hop < MAX_HOPS; hop += 1) {
        if (stopAt(url)) return { hops, final: url, response: null };
        const res = await request(url.href);
        const location = res.headers.get('location');
        hops.push({ url: url.href, status: res.status, location });
        if (res.status < 300 || res.status >= 400 || location === null) return { hops, final: url, response: res };
        // The redirects are only followed, not read: free the connection.
        await res.body?.cancel();
        url = new URL(location, url);
      }
      throw new Error(`more than ${MAX_HOPS} redirects from ${start}`);
    },
    cookies: (host) => cookiesOf(host),
  };
};
