import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * How long the site has to exchange a handoff token for `{ jwt, user }`. The site's return page calls the
 * backend as soon as it loads; a few minutes cover a slow connection without leaving a usable token in the
 * browser's history for long.
 */
export const HANDOFF_LIFETIME_MS = 5 * 60_000;

/** Version prefix, so that a later format can be told apart from this one. */
const PREFIX = 'h1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const PayloadSchema = z.object({
  /** The provider the token was issued for: a token from one provider is refused by another's callback. */
  p: z.string(),
  /** users-permissions' trimmed grant response (access_token, id_token…), which the provider callback reads. */
  r: z.record(z.string(), z.unknown()),
  /** Expiry, ms since the epoch. */
  e: z.number(),
  /** Random id, for single use. */
  j: z.string(),
  /** SHA-256 (base64url) of the nonce the browser that started the sign-in keeps; see nonceHash. */
  n: z.string(),
});

/** A nonce as the site makes it: 22 to 128 URL-safe characters (at least 128 random bits). */
const NONCE = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * @param nonce - what the browser that starts a social sign-in keeps (the site: in sessionStorage) and sends to
 *   `/api/connect/{provider}?nonce=…` and again with the handoff token
 * @returns its SHA-256, which is all the backend keeps and seals; null when the nonce is missing or malformed
 */
export const nonceHash = (nonce: unknown): string | null =>
  typeof nonce === 'string' && NONCE.test(nonce) ? createHash('sha256').update(nonce).digest('base64url') : null;

const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Records that a token id is used: resolves true the first time for an id, false after. The backend passes one
 * on the shared counters (src/limits), so a token works once whichever instance it reaches.
 */
export type ClaimOnce = (id: string, expiresAt: number) => Promise<boolean>;

/** Seals and opens handoff tokens. */
export interface HandoffCodec {
  /**
   * @param provider - the provider id
   * @param response - the grant response users-permissions stored in the session
   * @param boundTo - nonceHash() of the nonce of the browser that started the sign-in
   * @returns an opaque URL-safe token carrying the response, encrypted and authenticated
   */
  seal(provider: string, response: Record<string, unknown>, boundTo: string): string;
  /**
   * @param token - a value from the query string
   * @param provider - the provider of the callback being called
   * @param nonce - the nonce the exchanging browser kept since it started the sign-in
   * @returns the grant response, or null when the token is forged, expired, already used, for another provider, or
   *   presented by a browser that did not start this sign-in (the nonce does not match)
   */
  open(token: string, provider: string, nonce: unknown): Promise<Record<string, unknown> | null>;
}

/**
 * Strapi 5.53+ no longer puts the provider's access token into the redirect to the site: it keeps it in its
 * session cookie and `/api/auth/{provider}/callback` reads only that (strapi/strapi#27648). The site, as the
 * spec describes it, reads `access_token` from its return page's URL and calls the callback with it, without
 * credentials. A handoff token bridges the two without going back to the old, unsafe behaviour (the callback
 * trusting any provider token in the query, so a token obtained for another app could sign its owner in here):
 *
 * - it can only have been made by this backend, after a real code exchange whose `state` matched the session;
 * - it is encrypted (AES-256-GCM), so the provider's own token never appears in a URL, history or log;
 * - it expires after HANDOFF_LIFETIME_MS, works once, and only for the provider it was issued for;
 * - it works only in the browser that started the sign-in: it is bound to that browser's nonce (issue #11: without
 *   it, a link to the return page with the attacker's token signed a victim into the attacker's account, and the
 *   victim's questions landed in the attacker's history).
 *
 * Being stateless apart from the single-use record (`claim`), it works without the session cookie.
 *
 * @param secret - a server secret (users-permissions' jwtSecret); the key is derived from it, never used as is
 * @param options - `now`: the clock, for tests; `claim`: where single use is recorded (default: this process's
 *   memory, enough for one instance and for tests)
 * @returns the codec
 */
export const createHandoffCodec = (
  secret: string,
  { now = Date.now, claim = claimInMemory(now) }: { now?: () => number; claim?: ClaimOnce } = {},
): HandoffCodec => {
  if (secret === '') throw new Error('The OAuth handoff needs a secret (JWT_SECRET)');
  const key = Buffer.from(hkdfSync('sha256', secret, 'studyease', 'oauth handoff v1', 32));

  return {
    seal(provider, response, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const payload = JSON.stringify({
        p: provider,
        r: response,
        e: now() + HANDOFF_LIFETIME_MS,
        j: randomBytes(12).toString('base64url'),
        n: boundTo,
      });
      const encrypted = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    },

    async open(token, provider, nonce) {
      const presented = nonceHash(nonce);
      if (presented === null || !token.startsWith(PREFIX)) return null;
      const encoded = token.slice(PREFIX.length);
      const raw = Buffer.from(encoded, 'base64url');
      // Node's decoder skips characters it does not expect; only the exact encoding of the bytes is this token.
      if (raw.length <= IV_BYTES + TAG_BYTES || raw.toString('base64url') !== encoded) return null;
      let payload: z.output<typeof PayloadSchema>;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
        payload = PayloadSchema.parse(JSON.parse(text.toString('utf8')));
      } catch {
        // A wrong tag (forged or altered token) or a payload this code did not write.
        return null;
      }
      if (payload.p !== provider || payload.e < now() || !sameHash(payload.n, presented)) return null;
      return (await claim(payload.j, payload.e)) ? payload.r : null;
    },
  };
};

/**
 * @param now - the clock
 * @returns a ClaimOnce that remembers ids in this process, each until its token would have expired anyway
 */
export const claimInMemory = (now: () => number): ClaimOnce => {
  const used = new Map<string, number>();
  return (id, expiresAt) => {
    const time = now();
    for (const [known, expires] of used) if (expires < time) used.delete(known);
    if (used.has(id)) return Promise.resolve(false);
    used.set(id, expiresAt);
    return Promise.resolve(true);
  };
};
