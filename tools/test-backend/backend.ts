// Starts the real Strapi app in this process on a free port with a temporary database, plus a mail catcher
// (and, on request, the local OAuth2 test provider), for one backend test file; tools/test-backend/process.ts runs
// it in a child process for everything else (e2e, benchmarks, fuzz). Node's test runner gives each file its
// own process, and Strapi is a per-process singleton (`global.strapi`), so one backend per file at a time is also
// the only safe shape; a test may stop it and start another on the same database (a restart: `sameDatabaseAs`).
//
// Why in-process rather than spawning `strapi start`: no admin build is needed, startup errors surface as
// rejected promises with stacks instead of a dead child process, and each start takes a few seconds.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../free-port.ts';
import { startMailCatcher, type MailCatcher } from '../mail-catcher.mjs';
import { startOAuthTestProvider, type OAuthTestProvider } from '../oauth-test-provider.mjs';
import { createTestDatabase, type TestDatabase, usesPostgres } from './database.ts';
import { backendRoot, loadStrapiModule, type StrapiInstance } from './strapi-module.ts';

export const TEST_SITE_URL = 'http://site.test:4321';
export const TEST_EMAIL_FROM = 'no-reply@studyease.test';
export const TEST_ADMIN = { email: 'admin@studyease.test', password: 'Admin-Passw0rd' } as const;

/** A running backend and what a test needs to talk to it. */
export interface Backend {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  mail: MailCatcher;
  /** The OAuth2 test provider started with the backend (startBackend's `oauthTestProvider` option), else null. */
  oauth: OAuthTestProvider | null;
  /** The Strapi instance, for reading what the bootstrap stored. */
  strapi: StrapiInstance;
  /** Its database (kept by `stop({ keepDatabase: true })` for startBackend's `sameDatabaseAs`). */
  database: TestDatabase;
  /** The secrets it runs with (APP_KEYS, JWT_SECRET…): a restart keeps them, so sign-ins stay valid. */
  secrets: Record<string, string>;
  /** Stops it and drops its database, unless `keepDatabase` (then the next backend on it drops it). */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/** Databases that are no longer their first backend's to drop (dropped already, or taken by a restart). */
const handedOver = new WeakSet<TestDatabase>();

/** Every variable the backend reads, so that nothing leaks in from the developer's shell or backend/.env. */
const CONFIG_VARIABLES = [
  'HOST',
  'BACKEND_PORT',
  'PUBLIC_URL',
  'SITE_URL',
  'CORS_ORIGIN',
  'COOKIE_SECURE',
  'TRUST_PROXY',
  'TRUSTED_PROXY_HOPS',
  'DATABASE_CLIENT',
  'DATABASE_FILENAME',
  'DATABASE_URL',
  'DATABASE_SSL',
  'DATABASE_SSL_REJECT_UNAUTHORIZED',
  'DATABASE_SCHEMA',
  'DATABASE_POOL_MIN',
  'DATABASE_POOL_MAX',
  'DATABASE_CONNECTION_TIMEOUT',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USER',
  'SMTP_PASS',
  'SMTP_SECURE',
  'EMAIL_FROM',
  'EMAIL_CONFIRMATION',
  'SUPPORT_EMAIL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SERVE_ADMIN_PANEL',
  'LOG_LEVEL',
  'LOG_STARTUP',
  'JWT_EXPIRES_IN',
  'AUTH_RATE_LIMIT_ENABLED',
  'AUTH_RATE_LIMIT_INTERVAL_MS',
  'AUTH_RATE_LIMIT_MAX',
  'OAUTH_TEST_PROVIDER_URL',
  'TUTOR_RATE_LIMIT_PER_MINUTE',
  'TUTOR_TIMEOUT_MS',
  'TUTOR_MAX_QUESTION_LENGTH',
  'TUTOR_THREADS',
  'AI_BASE_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'AI_TIMEOUT_MS',
  'FREE_DAILY_QUESTIONS',
  'AUTH_ACCOUNT_RATE_LIMIT_MAX',
  'AUTH_ACCOUNT_RATE_LIMIT_INTERVAL_MS',
  'AUTH_EMAIL_RATE_LIMIT_MAX',
  'MODEL_DAILY_ANSWERS',
  'PUBLIC_MODEL_DAILY_ANSWERS',
  'PUBLIC_MODEL_DAILY_ANSWERS_PER_ADDRESS',
  'SITE_REBUILD_HOOK_URL',
  'SITE_REBUILD_SECRET',
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
] as const;

/** @returns fresh secrets for a backend (APP_KEYS, salts, JWT_SECRET, ENCRYPTION_KEY) */
export const newSecrets = (): Record<string, string> => ({
  APP_KEYS: Array.from({ length: 2 }, () => randomBytes(16).toString('base64')).join(','),
  API_TOKEN_SALT: randomBytes(16).toString('base64'),
  ADMIN_JWT_SECRET: randomBytes(16).toString('base64'),
  TRANSFER_TOKEN_SALT: randomBytes(16).toString('base64'),
  JWT_SECRET: randomBytes(16).toString('base64'),
  ENCRYPTION_KEY: randomBytes(16).toString('base64'),
});

/**
 * The environment of a test backend: production mode (so Secure-cookie handling is exercised as deployed),
 * fresh secrets (unless given), and a rate limit high enough for a whole suite from one IP.
 *
 * @param ports - where the backend listens and where the mail catcher takes SMTP
 * @param database - the database settings
 * @param secrets - the secrets to use (default: fresh ones)
 * @returns the variables to set
 */
export const testEnvironment = (
  ports: { backend: number; smtp: number },
  database: Record<string, string>,
  secrets: Record<string, string> = newSecrets(),
): Record<string, string> => ({
  NODE_ENV: 'production',
  STRAPI_TELEMETRY_DISABLED: 'true',
  HOST: '127.0.0.1',
  BACKEND_PORT: String(ports.backend),
  PUBLIC_URL: `http://127.0.0.1:${ports.backend}`,
  SITE_URL: TEST_SITE_URL,
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(ports.smtp),
  EMAIL_FROM: TEST_EMAIL_FROM,
  EMAIL_CONFIRMATION: 'false',
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  SERVE_ADMIN_PANEL: 'false',
  LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'warn',
  LOG_STARTUP: 'false',
  AUTH_RATE_LIMIT_MAX: '1000',
  // A whole suite registers and asks from one address; the tests of these limits set them low themselves.
  AUTH_ACCOUNT_RATE_LIMIT_MAX: '100000',
  AUTH_EMAIL_RATE_LIMIT_MAX: '100000',
  MODEL_DAILY_ANSWERS: '100000',
  PUBLIC_MODEL_DAILY_ANSWERS: '100000',
  PUBLIC_MODEL_DAILY_ANSWERS_PER_ADDRESS: '100000',
  ...secrets,
  ...database,
});

/**
 * Replaces the process environment's backend variables with `values`.
 *
 * @param values - the variables to set; every other backend variable is removed
 * @param envFile - an empty file for Strapi's dotenv to read instead of backend/.env
 */
const applyEnvironment = (values: Record<string, string>, envFile: string): void => {
  // Removed, not set to undefined: process.env would keep the string 'undefined'.
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- see above
  for (const name of CONFIG_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  // Strapi runs dotenv when its configuration module is first required; point it away from backend/.env.
  process.env['ENV_PATH'] = envFile;
};

/** Options of startOAuthTestProvider that a test may choose (the port is always a free one). */
export type OAuthTestProviderOptions = Omit<NonNullable<Parameters<typeof startOAuthTestProvider>[0]>, 'port'>;

/**
 * Starts a backend for the current test file.
 *
 * @param overrides - environment variables to change from testEnvironment (e.g. EMAIL_CONFIRMATION: 'true');
 *   OAUTH_TEST_PROVIDER_URL here points the backend at a test provider run elsewhere (the e2e runner's)
 * @param options - `oauthTestProvider`: also start the local OAuth2 test provider on a free port, set
 *   OAUTH_TEST_PROVIDER_URL to it, and stop it with the backend (true for its defaults). `sameDatabaseAs`: a
 *   backend stopped with `stop({ keepDatabase: true })`; this one starts on its database (SQLite file or
 *   PostgreSQL database) with its secrets, as a restart of the same deployment would, and owns the database now.
 *   `emptyDatabase`: start on an empty database rather than a copy of the template, as a first deployment does
 *   (Strapi creates the schema and the bootstrap seeds the content with this backend's environment)
 * @returns the running backend; call stop() in an `after` hook
 */
export const startBackend = async (
  overrides: Record<string, string> = {},
  options: {
    oauthTestProvider?: boolean | OAuthTestProviderOptions;
    sameDatabaseAs?: Backend;
    emptyDatabase?: boolean;
  } = {},
): Promise<Backend> => {
  // The backend tests' global setup compiles; other callers (the e2e runner, the benchmarks) must compile first.
  if (!existsSync(path.join(backendRoot, 'dist', 'src', 'index.js'))) {
    throw new Error('The backend is not compiled: run `npm run compile --prefix backend` first');
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'studyease-backend-test-'));
  const envFile = path.join(workDir, '.env');
  writeFileSync(envFile, '');

  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const { oauthTestProvider = false } = options;
  const oauth =
    oauthTestProvider === false
      ? null
      : await startOAuthTestProvider({ ...(oauthTestProvider === true ? {} : oauthTestProvider), port: 0 });
  const previous = options.sameDatabaseAs;
  if (previous) handedOver.add(previous.database);
  const database: TestDatabase =
    previous?.database ?? (await createTestDatabase({ empty: options.emptyDatabase ?? false }));
  const secrets = previous?.secrets ?? newSecrets();
  const port = await freePort();
  applyEnvironment(
    {
      ...testEnvironment({ backend: port, smtp: mail.smtpPort }, database.env, secrets),
      ...(oauth === null ? {} : { OAUTH_TEST_PROVIDER_URL: oauth.url }),
      ...overrides,
    },
    envFile,
  );

  const { createStrapi } = loadStrapiModule();
  const strapi = createStrapi({ appDir: backendRoot, distDir: path.join(backendRoot, 'dist') });
  try {
    await strapi.load();
    await strapi.listen();
  } catch (error) {
    await strapi.destroy().catch(() => undefined);
    await mail.stop();
    await oauth?.stop();
    await database.drop();
    throw error;
  }

  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    mail,
    oauth,
    strapi,
    database,
    secrets,
    stop: async ({ keepDatabase = false } = {}) => {
      // A second stop (an `after` hook once a test has stopped it already) is a no-op: Strapi refuses a second
      // destroy, and a hook that throws there would leave the file's other servers open and the runner waiting.
      // Except for the database: one kept by the first stop and taken by no other backend is dropped then.
      if (stopped) {
        if (!keepDatabase && !handedOver.has(database)) {
          handedOver.add(database);
          await database.drop();
        }
        return;
      }
      stopped = true;
      // Whatever fails while stopping, the mail catcher's ports and the temporary files are released.
      try {
        // Strapi fires some queries without awaiting them (admin metrics, user lookups after a response). Closing
        // PostgreSQL's pool under one leaves knex waiting 60 s and then crashing the test process: let them finish.
        if (usesPostgres()) await sleep(1000);
        await strapi.destroy();
      } finally {
        await mail.stop();
        await oauth?.stop();
        if (!keepDatabase) {
          handedOver.add(database);
          await database.drop();
        }
        if (existsSync(workDir)) rmSync(workDir, { recursive: true, force: true });
      }
    },
  };
};
