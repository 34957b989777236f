import { connect } from 'node:net';

/**
 * Crafted paths and return-path values that try to send a visitor off the site (issue #11): encoded, doubled and
 * backslashed slashes, control characters that URL parsers strip, Unicode look-alikes of `/` and `\`, scripts,
 * schemes, user-info and CR/LF header injection. Each is sent as a request path to the site server
 * (tests/unit/serve.test.ts, tests/e2e/redirects.spec.ts) and saved as the sign-in return path
 * (tests/unit/authRedirect.test.ts, tests/e2e/redirects.spec.ts); no redirect may leave the site.
 */
export interface RedirectProbe {
  /** What the value tries. */
  name: string;
  /** The value exactly as sent: a raw request target, or the return path saved before signing in. */
  value: string;
}

const evil = 'evil.example';

export const REDIRECT_CORPUS: readonly RedirectProbe[] = [
  { name: 'scheme-relative', value: `//${evil}` },
  { name: 'scheme-relative with a path', value: `//${evil}/x` },
  { name: 'three slashes', value: `///${evil}` },
  { name: 'four slashes and a path', value: `////${evil}/x` },
  { name: 'slash backslash', value: `/\\${evil}` },
  { name: 'slash backslash slash', value: `/\\/${evil}` },
  { name: 'two backslashes', value: `\\\\${evil}` },
  { name: 'encoded slash', value: `/%2F${evil}` },
  { name: 'encoded slash, lower case', value: `/%2f${evil}` },
  { name: 'two encoded slashes', value: `/%2F%2F${evil}` },
  { name: 'two encoded slashes and a path', value: `/%2F%2F${evil}/x` },
  { name: 'three encoded slashes', value: `/%2F%2F%2F${evil}` },
  { name: 'encoded backslash', value: `/%5C${evil}` },
  { name: 'encoded backslash, lower case', value: `/%5c${evil}` },
  { name: 'two encoded backslashes', value: `/%5C%5C${evil}` },
  { name: 'encoded slash then backslash', value: `/%2F%5C${evil}` },
  { name: 'double-encoded slashes', value: `/%252F%252F${evil}` },
  { name: 'double-encoded backslash', value: `/%255C${evil}` },
  { name: 'encoded tab between slashes', value: `/%09/${evil}` },
  { name: 'raw tab between slashes', value: `/\t/${evil}` },
  { name: 'raw newline between slashes', value: `/\n/${evil}` },
  { name: 'raw CR LF between slashes', value: `/\r\n/${evil}` },
  { name: 'encoded CR LF header injection', value: `/%0D%0ALocation:%20https://${evil}` },
  { name: 'encoded CR LF cookie injection', value: '/%0d%0aSet-Cookie:%20session=stolen' },
  { name: 'raw CR LF header injection', value: `/\r\nLocation: https://${evil}` },
  { name: 'encoded NUL before slashes', value: `/%00//${evil}` },
  { name: 'fullwidth solidus', value: `/\uFF0F${evil}` },
  { name: 'division slash', value: `/\u2215${evil}` },
  { name: 'fraction slash', value: `/\u2044${evil}` },
  { name: 'fullwidth reverse solidus', value: `/\uFF3C${evil}` },
  { name: 'two fullwidth solidi', value: `\uFF0F\uFF0F${evil}` },
  { name: 'encoded fullwidth solidus', value: `/%EF%BC%8F${evil}` },
  { name: 'encoded division slash', value: `/%E2%88%95${evil}` },
  { name: 'overlong UTF-8 slashes', value: `/%C0%AF%C0%AF${evil}` },
  { name: 'ideographic full stop in the host', value: `//evil\u3002example` },
  { name: 'right-to-left override', value: `/\u202E//${evil}` },
  { name: 'no-break space before slashes', value: `/\u00A0//${evil}` },
  { name: 'javascript URL', value: 'javascript:alert(document.domain)' },
  { name: 'javascript URL, mixed case', value: 'JaVaScRiPt:alert(1)' },
  { name: 'javascript URL with a tab', value: 'java\tscript:alert(1)' },
  { name: 'javascript URL after a slash', value: '/javascript:alert(1)' },
  { name: 'data URL', value: 'data:text/html,<script>alert(1)</script>' },
  { name: 'absolute https URL', value: `https://${evil}/` },
  { name: 'absolute http URL', value: `http://${evil}` },
  { name: 'scheme without slashes', value: `https:${evil}` },
  { name: 'scheme with slash backslash', value: `https:/\\${evil}` },
  { name: 'absolute URL as a path', value: `/https://${evil}` },
  { name: 'at sign after the slash', value: `/@${evil}` },
  { name: 'user-info in a scheme-relative URL', value: `//user@${evil}` },
  { name: 'encoded at sign', value: `/%40${evil}` },
  { name: 'scheme-relative with a port', value: `//${evil}:443/x` },
  { name: 'scheme-relative IPv6', value: '//[::1]/' },
  { name: 'scheme-relative numeric host', value: '//0x7f.1/' },
  { name: 'dot segment before slashes', value: `/.//${evil}` },
  { name: 'dot segment before encoded slash', value: `/./%2F/${evil}` },
  { name: 'dot-dot out of the app', value: `/app/..//${evil}` },
  { name: 'dot-dot then encoded slashes', value: `/app/../%2F%2F${evil}` },
  { name: 'encoded dot-dots then encoded slashes', value: `/a/..%2F..%2F%2F${evil}` },
  { name: 'encoded dot segments', value: `/%2E%2E/%2F%2F${evil}` },
  { name: 'encoded space before slashes', value: `/%20//${evil}` },
  { name: 'query that looks like a return path', value: `/?next=//${evil}` },
  { name: 'fragment with slashes', value: `/#//${evil}` },
  { name: 'encoded hash then slashes', value: `/%23//${evil}` },
  { name: 'CR LF in the query', value: `/pricing?x=%0D%0ALocation:https://${evil}` },
  { name: 'the sign-in page itself', value: '/auth/login' },
  { name: 'the sign-in page, encoded', value: '/%61uth/login' },
  // Longer than any return path kept (2,048 characters), short enough for a cookie (4 kB).
  { name: 'a very long path', value: `/${'a'.repeat(2100)}//${evil}` },
];

/** The site's own paths that must keep working: a same-site return path survives sign-in as it is. */
export const SAME_SITE_PATHS: readonly string[] = ['/pricing', '/app/math-solver?q=2%2B2', '/blog'];

/** What a request sent byte for byte got back (status and lower-case headers; the body is not needed). */
export interface RawResponse {
  status: number;
  headers: Map<string, string>;
}

/**
 * Sends one GET with `target` exactly as given as the request target: fetch, browsers and Playwright would
 * normalise it first (backslashes to slashes, tabs dropped), and then the server would never see the attack.
 * @param host where the site server listens
 * @param port its port
 * @param target the request target, raw
 */
export async function rawGet(host: string, port: number, target: string): Promise<RawResponse> {
  const head = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host, port });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\r\n\r\n');
      if (end !== -1) {
        socket.destroy();
        resolve(received.slice(0, end));
      }
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.write(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`, 'utf8'));
  });
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers };
}

/**
 * The request targets one probe becomes: as it is (the server's own redirects), with a trailing slash (the
 * trailing-slash redirect), deeper with one, and under `/zh/app` (the locale redirect).
 */
export function requestTargets(value: string): string[] {
  const path = value.startsWith('/') ? value : `/${value}`;
  return [value, `${value}/`, `${value}/x/`, `/zh/app${path}`, `/zh/app${path}/`];
}

/** A 301 or 308 is kept by browsers for as long as its Cache-Control allows, forever without one. */
const LONGEST_REDIRECT_CACHE_SECONDS = 3600;

/**
 * Why one redirect is wrong, if it is: its Location leaves `origin` (or does not parse), or a permanent one
 * may be cached for long.
 */
function redirectProblem(origin: string, target: string, response: RawResponse): string | null {
  const location = response.headers.get('location');
  if (location === undefined) return `${JSON.stringify(target)}: ${response.status} without a Location`;
  let resolved: URL;
  try {
    resolved = new URL(location, `${origin}/`);
  } catch {
    return `${JSON.stringify(target)}: Location ${JSON.stringify(location)} does not parse`;
  }
  if (resolved.origin !== origin)
    return `${JSON.stringify(target)}: Location ${JSON.stringify(location)} leaves the site`;
  if (response.status === 301 || response.status === 308) {
    const cacheControl = response.headers.get('cache-control') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? Number.POSITIVE_INFINITY);
    if (!/no-store|no-cache/.test(cacheControl) && !(maxAge <= LONGEST_REDIRECT_CACHE_SECONDS)) {
      return `${JSON.stringify(target)}: ${response.status} with Cache-Control ${JSON.stringify(cacheControl)}`;
    }
  }
  return null;
}

/**
 * Sends every probe of the corpus (each as several request targets) to a running site server without following
 * redirects itself, then follows each redirect by hand, up to five hops.
 * @returns every redirect that left the site or may be cached for long, and how many redirects were checked
 */
export async function offSiteRedirects(host: string, port: number): Promise<{ problems: string[]; redirects: number }> {
  const origin = `http://${host}:${port}`;
  const problems: string[] = [];
  let redirects = 0;
  for (const probe of REDIRECT_CORPUS) {
    for (const first of requestTargets(probe.value)) {
      let target = first;
      for (let hop = 0; hop < 5; hop += 1) {
        const response = await rawGet(host, port, target);
        if (response.status < 300 || response.status > 399) break;
        redirects += 1;
        const problem = redirectProblem(origin, target, response);
        if (problem) {
          problems.push(`${probe.name}: ${problem}`);
          break;
        }
        const next = new URL(response.headers.get('location') ?? '/', `${origin}/`);
        target = `${next.pathname}${next.search}`;
      }
    }
  }
  return { problems, redirects };
}
