import type { Core } from '@strapi/strapi';

const USER = 'plugin::users-permissions.user';

/**
 * The user attribute that ends sessions: a jwt issued before this moment (ms since the epoch) is refused. Private
 * (never in an API answer) and not writable through any route: register only takes its allowed fields.
 */
export const SESSIONS_VALID_AFTER = 'sessionsValidAfter';

export const SESSIONS_VALID_AFTER_ATTRIBUTE = {
  type: 'biginteger',
  private: true,
  configurable: false,
  searchable: false,
} as const;

/** users-permissions' jwt service, as far as session revocation changes it. */
export interface JwtService {
  issue(payload: Record<string, unknown>, options?: Record<string, unknown>): unknown;
  verify(token: string): Promise<Record<string, unknown>>;
  [name: string]: unknown;
}

/**
 * When a token was issued, in ms. Tokens we issue carry `iatMs`; older ones only the standard `iat` (seconds),
 * taken as the earliest moment of that second, so a token from the second of a password change counts as older.
 */
const issuedAtMs = (payload: Record<string, unknown>): number =>
  typeof payload['iatMs'] === 'number'
    ? payload['iatMs']
    : typeof payload['iat'] === 'number'
      ? payload['iat'] * 1000
      : 0;

/**
 * Makes jwts revocable. users-permissions' "legacy" jwts are stateless: one issued before a password change or
 * reset kept reading the account for its 30 days (issue #11), so an attacker with a stolen token, or who had
 * registered a student's email first, kept their conversations after the student took the account back. Each
 * token now carries its issue time in ms, and verify refuses one issued before the user's SESSIONS_VALID_AFTER.
 * The cost is one primary-key read per signed-in request; no token list to keep, and every backend instance sees
 * a revocation at once because it is in the database.
 *
 * @param jwt - the plugin's jwt service
 * @param strapi - the running Strapi
 * @returns the service with `issue` stamping and `verify` checking
 */
export const revocableJwt = (jwt: JwtService, strapi: Core.Strapi): JwtService => ({
  ...jwt,
  issue(payload, options) {
    // Every token is stamped, an entity's too (users-permissions signs its toJSON()).
    const toJSON = payload['toJSON'];
    const plain = typeof toJSON === 'function' ? (toJSON.call(payload) as Record<string, unknown>) : payload;
    return jwt.issue.call(this, { ...plain, iatMs: Date.now() }, options);
  },
  async verify(token) {
    const payload = await jwt.verify.call(this, token);
    const id = payload['id'];
    if (typeof id !== 'number' && typeof id !== 'string') return payload;
    const user = (await strapi.db
      .query(USER)
      .findOne({ select: ['id', SESSIONS_VALID_AFTER], where: { id } })) as Record<string, unknown> | null;
    const validAfter = Number(user?.[SESSIONS_VALID_AFTER] ?? 0);
    if (validAfter > 0 && issuedAtMs(payload) < validAfter) throw new Error('Invalid token.');
    return payload;
  },
});

/**
 * Ends every session of a user: every jwt issued until now stops working.
 *
 * @param strapi - the running Strapi
 * @param userId - whose sessions
 * @returns a fresh jwt for the caller, issued after the cut (the browser that changed the password stays signed in)
 */
export const endEarlierSessions = async (strapi: Core.Strapi, userId: number): Promise<string> => {
  await strapi.db.query(USER).update({ where: { id: userId }, data: { [SESSIONS_VALID_AFTER]: Date.now() } });
  const jwt = strapi.plugin('users-permissions').service<JwtService>('jwt');
  return String(jwt.issue({ id: userId }));
};
