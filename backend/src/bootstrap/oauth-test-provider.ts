import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import type { StudyEaseConfig } from '../utils/studyease-config';

/** The provider id: `/api/connect/studyease-test`, and what the site lists in PUBLIC_AUTH_PROVIDERS. */
export const OAUTH_TEST_PROVIDER = 'studyease-test';

/**
 * The client credentials registered with tools/oauth-test-provider.mjs (its OAUTH_TEST_CLIENT_ID/_SECRET; the
 * script is not part of the compiled app, hence the copy). Not secret: the provider only runs locally.
 */
export const OAUTH_TEST_CLIENT = { id: 'studyease-test', secret: 'studyease-test-secret' } as const;

/** How long the backend waits for the test provider's userinfo endpoint. */
const USERINFO_TIMEOUT_MS = 10_000;

/** What users-permissions keeps per provider in its `grant` store entry (and the admin panel edits). */
export interface GrantEntry {
  enabled: boolean;
  icon: string;
  key: string;
  secret: string;
  /** Where the browser goes after the provider round trip: the site's return page. */
  callback: string;
  scope: string[];
  oauth: 2;
  authorize_url: string;
  access_url: string;
}

/**
 * @param config - the product settings, with the test provider's URL
 * @param providerUrl - OAUTH_TEST_PROVIDER_URL
 * @returns the test provider's grant settings
 */
export const oauthTestGrantEntry = (config: StudyEaseConfig, providerUrl: string): GrantEntry => ({
  enabled: true,
  icon: '',
  key: OAUTH_TEST_CLIENT.id,
  secret: OAUTH_TEST_CLIENT.secret,
  callback: `${config.siteUrl}/auth/connect/${OAUTH_TEST_PROVIDER}/redirect`,
  scope: ['openid', 'email', 'profile'],
  oauth: 2,
  authorize_url: `${providerUrl}/authorize`,
  access_url: `${providerUrl}/token`,
});

const UserinfoSchema = z.object({
  email: z.email(),
  email_verified: z.literal(true),
  username: z.string().optional(),
  preferred_username: z.string().optional(),
});

/**
 * Reads the signed-in identity from the test provider, as the built-in providers read theirs.
 *
 * @param providerUrl - OAUTH_TEST_PROVIDER_URL
 * @param accessToken - the token users-permissions obtained with the authorization code
 * @returns exactly the fields a new user is created from (users-permissions spreads the whole profile into it)
 * @throws Error with a message the callback answers as 400 when the token is refused or the answer is unusable
 */
export const fetchOAuthTestProfile = async (
  providerUrl: string,
  accessToken: string,
): Promise<{ username: string; email: string }> => {
  const res = await fetch(`${providerUrl}/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`The ${OAUTH_TEST_PROVIDER} provider refused the access token (${res.status})`);
  const parsed = UserinfoSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`The ${OAUTH_TEST_PROVIDER} provider sent no verified email`);
  const { email, username, preferred_username: preferred } = parsed.data;
  return { username: username ?? preferred ?? email.split('@')[0] ?? email, email };
};

/** The calls made on users-permissions' `providers-registry` service (typed `any` by Strapi). */
interface ProvidersRegistry {
  add(
    name: string,
    provider: {
      enabled: boolean;
      icon: string;
      grantConfig: GrantEntry;
      authCallback(args: { accessToken: string }): Promise<{ username: string; email: string }>;
    },
  ): void;
  remove(name: string): void;
}

const providersRegistry = (strapi: Core.Strapi): ProvidersRegistry => {
  const service = strapi.plugin('users-permissions').service<ProvidersRegistry>('providers-registry');
  return { add: (name, provider) => service.add(name, provider), remove: (name) => service.remove(name) };
};

/**
 * Adds `studyease-test` to users-permissions' providers when OAUTH_TEST_PROVIDER_URL is set, and makes sure it
 * is absent otherwise. Runs in `register`, as Strapi's custom-provider guide does, so that users-permissions'
 * own bootstrap already finds it.
 *
 * @param strapi - Strapi during registration
 * @param config - the product settings
 */
export const registerOAuthTestProvider = (strapi: Core.Strapi, config: StudyEaseConfig): void => {
  const registry = providersRegistry(strapi);
  const providerUrl = config.oauthTestProviderUrl;
  if (providerUrl === null) {
    registry.remove(OAUTH_TEST_PROVIDER);
    return;
  }
  registry.add(OAUTH_TEST_PROVIDER, {
    enabled: true,
    icon: '',
    grantConfig: oauthTestGrantEntry(config, providerUrl),
    authCallback: ({ accessToken }) => fetchOAuthTestProfile(providerUrl, accessToken),
  });
};

const GrantStoreSchema = z.record(z.string(), z.unknown());

/**
 * Writes the test provider's grant settings into users-permissions' store, or removes them when
 * OAUTH_TEST_PROVIDER_URL is unset (idempotent: writes only on change).
 *
 * Needed on top of the registry because users-permissions merges the stored settings over the registered ones,
 * so a provider URL from an earlier start (another port) would otherwise win; and because a database that once
 * ran with the test provider must not keep offering it.
 *
 * @param strapi - the running Strapi instance, after users-permissions initialised its store
 * @param config - the product settings
 */
export const seedOAuthTestProviderGrant = async (strapi: Core.Strapi, config: StudyEaseConfig): Promise<void> => {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const grant = GrantStoreSchema.parse((await store.get({ key: 'grant' })) ?? {});
  const providerUrl = config.oauthTestProviderUrl;

  if (providerUrl === null) {
    if (!(OAUTH_TEST_PROVIDER in grant)) return;
    const { [OAUTH_TEST_PROVIDER]: _removed, ...rest } = grant;
    await store.set({ key: 'grant', value: rest });
    return;
  }

  const entry = oauthTestGrantEntry(config, providerUrl);
  if (JSON.stringify(grant[OAUTH_TEST_PROVIDER]) !== JSON.stringify(entry)) {
    await store.set({ key: 'grant', value: { ...grant, [OAUTH_TEST_PROVIDER]: entry } });
  }
  // Loud on purpose: this provider signs anyone in as any email, so it must never be on by accident.
  strapi.log.warn(
    `[studyease] the OAuth2 test provider "${OAUTH_TEST_PROVIDER}" is enabled (OAUTH_TEST_PROVIDER_URL=${providerUrl}); ` +
      'for development and tests only',
  );
};
