// Runs one test backend (Strapi on a free port, temporary database, mail catcher) for the e2e tests, prints
// `{"url":…,"mailUrl":…,"oauthUrl":…}` on one line once it answers, and stops on SIGTERM/SIGINT. One process per backend:
// Strapi is a per-process singleton, and the e2e suite needs two (email confirmation off and on).
// Usage: node scripts/e2e-backend.ts SITE_URL [KEY=VALUE …]   (the extra pairs override the backend's settings)
// The backend must be compiled first (`npm run compile --prefix backend`; `npm run test:e2e` does it).
import { startBackend } from '../backend/tests/support/backend.ts';

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

// Each backend gets its own local OAuth2 test provider (`studyease-test`), so social sign-in runs offline.
const backend = await startBackend(overrides, { oauthTestProvider: true });
process.stdout.write(
  `${JSON.stringify({ url: backend.url, mailUrl: backend.mail.url, oauthUrl: backend.oauth?.url })}\n`,
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
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
