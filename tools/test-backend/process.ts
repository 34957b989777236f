// The one way to run a test backend (backend.ts's startBackend: Strapi on a free port, temporary database, mail
// catcher) in a process of its own, for everything that is not a backend test file: the e2e runner and specs, the
// benchmarks, the fuzzer, and the scale-out test's second instance. One process per backend: Strapi is a
// per-process singleton, and a backend that dies or hangs then shows up as connection failures instead of taking
// its caller with it.
//
// Child side:
//   node tools/test-backend/process.ts [--fake-model] [--oauth-test-provider] [--xss-seed FILE] [KEY=VALUE …]
//   The pairs override the backend's settings. --fake-model runs tools/fake-model.ts as its AI_BASE_URL (tests steer
//   it with `GET/POST ${modelUrl}/control`); --oauth-test-provider runs tools/oauth-test-provider.mjs as its
//   OAUTH_TEST_PROVIDER_URL; --xss-seed (needs --fake-model) seeds the XSS corpus before it is ready and writes what
//   it made to FILE (seed-xss.ts; tests/e2e/xss.spec.ts reads it). Once it answers it prints one line on stdout,
//   `{"url":…,"mailUrl":…,"oauthUrl":…,"modelUrl":…,"jwtSecret":…}`, and stops on SIGTERM/SIGINT or when its
//   stdin ends (the parent holds it open: a parent that dies, even by SIGKILL, takes its backend with it).
// Parent side: startBackendProcess(), or startSiteBackend() with what a backend a site is built against needs.
// The backend must be compiled first (`npm run compile --prefix backend`; `npm run test:e2e` does it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the child prints once its backend answers. */
export interface BackendProcessAddresses {
  url: string;
  /** The mail catcher's web page and REST API. */
  mailUrl: string;
  oauthUrl: string | null;
  /** The fake model's origin (control API at `${modelUrl}/control`), or null without --fake-model. */
  modelUrl: string | null;
  /** The JWT_SECRET it signs sign-ins with (the fuzzer forges tokens with it). */
  jwtSecret: string | null;
}

export interface BackendProcess extends BackendProcessAddresses {
  /** Stops it (its database and servers go with it) and waits until the process has exited. */
  stop: () => Promise<void>;
}

export interface BackendProcessOptions {
  fakeModel?: boolean;
  oauthTestProvider?: boolean;
  /** A file for the XSS corpus' seed (needs fakeModel). */
  xssSeed?: string;
  /** Names it in its output and errors. */
  label?: string;
}

/**
 * Starts a test backend in a child process and waits until it answers. Its output goes to stderr, prefixed with
 * the label, so a caller's stdout (a benchmark's tables) stays its own.
 *
 * @param settings - backend variables to set over the test defaults (backend.ts's testEnvironment)
 * @param options - the servers to run beside it, and its label
 * @returns its addresses and stop()
 */
export const startBackendProcess = async (
  settings: Record<string, string> = {},
  options: BackendProcessOptions = {},
): Promise<BackendProcess> => {
  const label = options.label ?? 'test backend';
  const args = [
    ...(options.fakeModel === true ? ['--fake-model'] : []),
    ...(options.oauthTestProvider === true ? ['--oauth-test-provider'] : []),
    ...(options.xssSeed === undefined ? [] : ['--xss-seed', options.xssSeed]),
    ...Object.entries(settings).map(([name, value]) => `${name}=${value}`),
  ];
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const addresses = await new Promise<BackendProcessAddresses>((resolve, reject) => {
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!ready && line.startsWith('{')) {
        ready = true;
        resolve(JSON.parse(line) as BackendProcessAddresses);
      } else {
        process.stderr.write(`[${label}] ${line}\n`);
      }
    });
    child.once('error', reject);
    void exited.then(([code, signal]: unknown[]) => {
      reject(new Error(`The ${label} exited (${String(signal ?? code)}) before it was ready; its errors are above`));
    });
  });
  return {
    ...addresses,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Its own clean-up (Strapi's destroy, then the temporary files); SIGKILL if that hangs.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
};

/**
 * A backend for a site to be built against and browsed (e2e, `npm run bench`, `bench:load`): it allows `siteUrl`
 * (CORS) and links to it (emails), answers the chat through the fake model (unless `settings` names an
 * AI_BASE_URL), and offers the OAuth2 test provider's sign-in.
 *
 * @param siteUrl - the site's origin
 * @param settings - more backend variables
 * @param options - xssSeed and label
 * @returns the running backend
 */
export const startSiteBackend = (
  siteUrl: string,
  settings: Record<string, string> = {},
  options: Pick<BackendProcessOptions, 'xssSeed' | 'label'> = {},
): Promise<BackendProcess> =>
  startBackendProcess(
    // A generous time limit for the engines: every site build solves the tool pages' worked examples through this
    // backend, and on a loaded CI machine 3 s (the default) was once not enough (the build then refuses the page).
    { SITE_URL: siteUrl, TUTOR_TIMEOUT_MS: '15000', ...settings },
    { fakeModel: !('AI_BASE_URL' in settings), oauthTestProvider: true, ...options },
  );

/** The child side: runs the backend until it is told to stop. */
const main = async (): Promise<void> => {
  const flags = new Set<string>();
  const overrides: Record<string, string> = {};
  let xssSeedFile: string | undefined;
  const argv = process.argv.slice(2);
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (arg === '--xss-seed') xssSeedFile = argv[++index];
    else if (arg.startsWith('--')) flags.add(arg);
    else if (arg.indexOf('=') > 0) overrides[arg.slice(0, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
    else throw new Error(`test-backend: not a flag nor KEY=VALUE: ${arg}`);
  }
  // Loaded here, not at the top: a parent importing startBackendProcess never pays for Strapi.
  const { startBackend } = await import('./backend.ts');
  const { startFakeModel } = await import('../fake-model.ts');

  const model = flags.has('--fake-model') ? await startFakeModel() : null;
  const modelSettings: Record<string, string> =
    model === null ? {} : { AI_BASE_URL: model.url, AI_API_KEY: 'e2e-key', AI_MODEL: 'e2e-fake-model' };
  const backend = await startBackend(
    { ...modelSettings, ...overrides },
    { oauthTestProvider: flags.has('--oauth-test-provider') },
  );
  if (xssSeedFile !== undefined) {
    if (model === null) throw new Error('test-backend: --xss-seed needs --fake-model');
    const { seedXss } = await import('./seed-xss.ts');
    writeFileSync(xssSeedFile, JSON.stringify(await seedXss(backend, model)));
  }

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
        console.error('[test-backend] stop failed', error);
      }
    });
    await model?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();

  const addresses: BackendProcessAddresses = {
    url: backend.url,
    mailUrl: backend.mail.url,
    oauthUrl: backend.oauth?.url ?? null,
    modelUrl: model?.origin ?? null,
    jwtSecret: backend.secrets['JWT_SECRET'] ?? null,
  };
  process.stdout.write(`${JSON.stringify(addresses)}\n`);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
