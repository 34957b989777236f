// X-Forwarded-For (issue #11): behind TRUSTED_PROXY_HOPS proxies that append to the header, as nginx's
// `$proxy_add_x_forwarded_for` does, the client's address is the one the proxy saw, whatever the client wrote
// into the header; with no proxy configured the header is ignored. Checked through a real proxy hop: the client
// connects from 127.0.0.2 to a reverse proxy on 127.0.0.1, which forwards to the backend; the backend's socket
// sees the proxy (127.0.0.1), so the address each limit counted tells which one was used.
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type * as CounterStore from '../src/limits/counter-store.ts';
import type * as TrustedProxy from '../src/utils/trusted-proxy.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { requireCompiled } from './support/compiled.ts';

const { COUNTERS_TABLE } = requireCompiled<typeof CounterStore>('src/limits/counter-store');
const { readTrustedProxyHops } = requireCompiled<typeof TrustedProxy>('src/utils/trusted-proxy');

/** The client's own address: another loopback address than the proxy's and the backend's. */
const CLIENT = '127.0.0.2';
const LIMIT = 3;
const LIMITS = { TUTOR_RATE_LIMIT_PER_MINUTE: String(LIMIT), AUTH_RATE_LIMIT_MAX: String(LIMIT) };

/**
 * A reverse proxy in front of `target` that appends the address it saw to X-Forwarded-For, as nginx does. Our
 * own dozen lines rather than a proxy library: the one behaviour under test is that append, and it stays visible.
 */
const startAppendingProxy = async (target: string): Promise<{ url: string; server: Server }> => {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forwarded = req.headers['x-forwarded-for'];
    const seen = req.socket.remoteAddress ?? '';
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      'x-forwarded-for': forwarded === undefined ? seen : `${String(forwarded)}, ${seen}`,
    };
    const out = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

/** A POST with a JSON body from the client's address; fetch cannot choose its local address. */
const post = (url: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number }> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        localAddress: CLIENT,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

let forged = 0;
/** A new address per request, as an attacker writing a random header would. */
const forgedAddress = (): string => {
  forged += 1;
  return `203.0.113.${forged % 250}`;
};

const askTutor = (url: string) =>
  post(
    url,
    '/api/tutor/solve',
    { tool: 'math-solver', question: '2 + 2' },
    // A new visitor id each time too, so that only the address can count these as one client's.
    { 'x-forwarded-for': forgedAddress(), 'x-visitor-id': `visitor-${forged}` },
  );

const signIn = (url: string) =>
  post(
    url,
    '/api/auth/local',
    { identifier: `nobody-${forged}@example.com`, password: 'Wrong-passw0rd' },
    { 'x-forwarded-for': forgedAddress() },
  );

/** @returns the statuses of `count` calls made one after another */
const statuses = async (count: number, call: () => Promise<{ status: number }>): Promise<number[]> => {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await call()).status);
  return seen;
};

/** The rate-limit buckets the backend counted, by the address part of their names. */
const countedAddresses = async (backend: Backend): Promise<string[]> => {
  // Knex, which the test helper's Strapi type leaves out.
  const db = backend.strapi.db as unknown as {
    connection: (table: string) => { select(column: 'bucket'): Promise<{ bucket: string }[]> };
  };
  const rows = await db.connection(COUNTERS_TABLE).select('bucket');
  const addresses = rows.flatMap(({ bucket }) => bucket.match(/(?:\d{1,3}\.){3}\d{1,3}/g) ?? []);
  return [...new Set(addresses)].sort();
};

describe('behind one proxy (TRUSTED_PROXY_HOPS=1)', () => {
  let backend: Backend;
  let proxy: { url: string; server: Server };
  before(async () => {
    // TRUST_PROXY=true as well: that alone used to trust the leftmost, client-written address.
    backend = await startBackend({ ...LIMITS, TRUST_PROXY: 'true', TRUSTED_PROXY_HOPS: '1' });
    proxy = await startAppendingProxy(backend.url);
  });
  after(async () => {
    proxy.server.close();
    await backend.stop();
  });

  test('a forged X-Forwarded-For changes nothing: the tutor limit counts the address the proxy saw', async () => {
    assert.deepEqual(await statuses(LIMIT + 2, () => askTutor(proxy.url)), [200, 200, 200, 429, 429]);
    assert.deepEqual(await countedAddresses(backend), [CLIENT]);
  });

  test('the sign-in limit trips after its maximum although every attempt forges a new address', async () => {
    assert.deepEqual(await statuses(LIMIT + 2, () => signIn(proxy.url)), [400, 400, 400, 429, 429]);
    assert.deepEqual(await countedAddresses(backend), [CLIENT]);
  });
});

describe('without a proxy (TRUSTED_PROXY_HOPS=0, the default over http)', () => {
  let backend: Backend;
  before(async () => {
    backend = await startBackend({ ...LIMITS, TRUSTED_PROXY_HOPS: '0' });
  });
  after(async () => {
    await backend.stop();
  });

  test('the header is ignored: the address is the connection’s', async () => {
    assert.deepEqual(await statuses(LIMIT + 1, () => askTutor(backend.url)), [200, 200, 200, 429]);
    assert.deepEqual(await statuses(LIMIT + 1, () => signIn(backend.url)), [400, 400, 400, 429]);
    assert.deepEqual(await countedAddresses(backend), [CLIENT]);
  });
});

describe('readTrustedProxyHops', () => {
  /** Strapi's env helper over a plain object. */
  const envOf = (values: Record<string, string>) => {
    const env = (name: string, fallback = '') => values[name] ?? fallback;
    env.bool = (name: string, fallback: boolean) => (name in values ? values[name] === 'true' : fallback);
    env.int = (name: string, fallback: number) => (name in values ? Number(values[name]) : fallback);
    return env as unknown as Parameters<typeof readTrustedProxyHops>[0];
  };

  test('defaults to 1 behind a TLS proxy (https PUBLIC_URL or TRUST_PROXY), else 0', () => {
    assert.equal(readTrustedProxyHops(envOf({})), 0);
    assert.equal(readTrustedProxyHops(envOf({ PUBLIC_URL: 'https://api.example.com' })), 1);
    assert.equal(readTrustedProxyHops(envOf({ TRUST_PROXY: 'true' })), 1);
    assert.equal(readTrustedProxyHops(envOf({ TRUSTED_PROXY_HOPS: '2' })), 2);
  });

  test('refuses what is not a small whole number, and a contradicting TRUST_PROXY', () => {
    for (const bad of ['-1', '1.5', 'one', '11']) {
      assert.throws(() => readTrustedProxyHops(envOf({ TRUSTED_PROXY_HOPS: bad })), /TRUSTED_PROXY_HOPS/, bad);
    }
    assert.throws(() => readTrustedProxyHops(envOf({ TRUST_PROXY: 'true', TRUSTED_PROXY_HOPS: '0' })), /contradicts/);
    assert.throws(() => readTrustedProxyHops(envOf({ TRUST_PROXY: 'false', TRUSTED_PROXY_HOPS: '1' })), /contradicts/);
  });
});
