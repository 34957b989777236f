// Without OAUTH_TEST_PROVIDER_URL (every deployment), the studyease-test provider must not exist at all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import type * as OAuthTestProviderModule from '../src/bootstrap/oauth-test-provider.ts';
import type * as StudyEaseConfigModule from '../src/utils/studyease-config.ts';
import { ErrorResponseSchema, call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { requireCompiled } from './support/compiled.ts';

const { seedOAuthTestProviderGrant } = requireCompiled<typeof OAuthTestProviderModule>(
  'src/bootstrap/oauth-test-provider',
);
const { getStudyEaseConfig } = requireCompiled<typeof StudyEaseConfigModule>('src/utils/studyease-config');
type Strapi = Parameters<typeof seedOAuthTestProviderGrant>[0];

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

const PROVIDER = 'studyease-test';

/** The harness types only the store's `get`; the seeding below also needs `set`. */
const upStore = () =>
  backend.strapi.store({ type: 'plugin', name: 'users-permissions' }) as unknown as {
    get(params: { key: string }): Promise<unknown>;
    set(params: { key: string; value: unknown }): Promise<void>;
  };

const grant = async () => z.record(z.string(), z.unknown()).parse(await upStore().get({ key: 'grant' }));

describe('the studyease-test provider (OAUTH_TEST_PROVIDER_URL unset)', () => {
  test('is not in the grant settings', async () => {
    assert.equal(PROVIDER in (await grant()), false);
    assert.equal(backend.oauth, null);
  });

  test('GET /api/connect/studyease-test answers 400 "This provider is disabled"', async () => {
    // With the nonce the site sends (without one, the browser goes back to the site: tests/oauth.test.ts).
    const res = await call(backend.url, 'GET', `/api/connect/${PROVIDER}?nonce=${'n'.repeat(32)}`);
    assert.equal(res.status, 400);
    assert.equal(ErrorResponseSchema.parse(res.body).error.message, 'This provider is disabled');
  });

  test('GET /api/auth/studyease-test/callback answers 400, with or without access_token', async () => {
    for (const query of ['', '?access_token=bogus']) {
      const res = await call(backend.url, 'GET', `/api/auth/${PROVIDER}/callback${query}`);
      assert.equal(res.status, 400, query);
    }
  });

  test('is removed from a database that had it, when the backend starts without the variable', async () => {
    const before = await grant();
    await upStore().set({ key: 'grant', value: { ...before, [PROVIDER]: { enabled: true, authorize_url: 'x' } } });
    const strapi = backend.strapi as unknown as Strapi;
    await seedOAuthTestProviderGrant(strapi, getStudyEaseConfig(strapi));
    assert.deepEqual(await grant(), before);
  });
});
