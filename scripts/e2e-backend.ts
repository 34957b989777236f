// Runs one test backend (Strapi on a free port, temporary database, mail catcher, and a fake AI model) for the e2e
// tests, prints `{"url":…,"mailUrl":…,"oauthUrl":…,"modelUrl":…}` on one line once it answers, and stops on
// SIGTERM/SIGINT. One process per backend: Strapi is a per-process singleton, and the e2e suite needs two (email
// confirmation off and on).
// The fake model (backend/tests/support/fake-model.ts) always runs, as the backend's AI_BASE_URL (`${modelUrl}/v1`);
// tests steer it with `GET/POST ${modelUrl}/control` ({ mode, reply, chunks, chunkDelayMs }). An AI_BASE_URL pair
// below replaces it (then no fake model runs and modelUrl is null).
// Usage: node scripts/e2e-backend.ts SITE_URL [KEY=VALUE …]   (the extra pairs override the backend's settings)
// The backend must be compiled first (`npm run compile --prefix backend`; `npm run test:e2e` does it).
import { startBackend } from '../backend/tests/support/backend.ts';
import { startFakeModel } from '../backend/tests/support/fake-model.ts';

const [siteUrl, ...pairs] = process.argv.slice(2);
if (!siteUrl) {
  console.error('usage: node scripts/e2e-backend.ts SITE_URL [KEY=VALUE …]');
  process.exit(2);
}
const overrides: Record<string, string> = { SITE_URL: siteUrl };
for (const pair of pairs) {
  const at = pair.indexOf('=');
  if (at > 0) overrides[pair.slice(0, at)] = pair.slice(at + 1);
}

// Each backend gets its own fake AI model, so the chat answers offline and predictably.
const model = 'AI_BASE_URL' in overrides ? null : await startFakeModel();
const modelSettings: Record<string, string> =
  model === null ? {} : { AI_BASE_URL: model.url, AI_API_KEY: 'e2e-key', AI_MODEL: 'e2e-fake-model' };

// Each backend gets its own local OAuth2 test provider (`studyease-test`), so social sign-in runs offline.
const backend = await startBackend({ ...modelSettings, ...overrides }, { oauthTestProvider: true });
process.stdout.write(
  `${JSON.stringify({
    url: backend.url,
    mailUrl: backend.mail.url,
    oauthUrl: backend.oauth?.url,
    modelUrl: model?.origin ?? null,
  })}\n`,
);

// Strapi installs its own signal handlers, which exit before our clean-up (temporary database, mail catcher) runs.
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await backend.stop().catch((error: unknown) => {
    // Strapi's own signal handler may have destroyed it first; that is a clean stop too.
    if (!(error instanceof Error && error.message.includes('already been called'))) {
      console.error('[e2e-backend] stop failed', error);
    }
  });
  await model?.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
