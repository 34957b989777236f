import { type Env, readTrustProxy } from './env';

/** More hops than any real deployment has: a larger number is a typo. */
const MAX_HOPS = 10;

/**
 * How many reverse proxies (TLS terminator, load balancer, CDN) stand between the internet and the backend, each
 * appending the address it saw to `X-Forwarded-For`, as nginx's `$proxy_add_x_forwarded_for` does. The client's
 * address is then the entry that many places from the end of the header: everything to its left was written by
 * the client and proves nothing. Koa's `proxy` alone takes the leftmost entry, which lets anyone pick their own
 * address (a new one per request slips past every per-IP limit, and a school's address can be locked out);
 * `maxIpsCount` set to this number takes the right one (issue #11). With 0 hops the header is ignored and the
 * address is the connection's.
 *
 * @param env - Strapi's env helper
 * @returns `TRUSTED_PROXY_HOPS`; unset: 1 when `TRUST_PROXY` is on (its default: an https `PUBLIC_URL`), else 0
 * @throws Error when it is not a whole number from 0 to 10, or contradicts an explicit `TRUST_PROXY`
 */
export const readTrustedProxyHops = (env: Env): number => {
  const trustProxy = readTrustProxy(env);
  const given = env('TRUSTED_PROXY_HOPS', '').trim();
  if (given === '') return trustProxy ? 1 : 0;
  const hops = /^\d+$/.test(given) ? Number(given) : NaN;
  if (!(hops <= MAX_HOPS)) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_HOPS}, got "${given}"`);
  }
  if (env('TRUST_PROXY', '').trim() !== '' && trustProxy !== hops > 0) {
    throw new Error(
      `TRUST_PROXY=${String(trustProxy)} contradicts TRUSTED_PROXY_HOPS=${given}: set only TRUSTED_PROXY_HOPS ` +
        '(0: no proxy; 1 or more: that many proxies, whose X-Forwarded-* headers are trusted)',
    );
  }
  return hops;
};
