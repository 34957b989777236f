import { defineConfig, devices } from '@playwright/test';

// scripts/run-e2e.mjs starts the backends, builds the site against them and passes the free ports it picked.
const port = Number(process.env['E2E_PORT'] ?? 4399);
const confirmPort = Number(process.env['E2E_CONFIRM_PORT'] ?? 4398);
const xssPort = Number(process.env['E2E_XSS_PORT'] ?? 4397);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // A focused test left in by mistake would silently skip the rest of the suite on CI.
  forbidOnly: Boolean(process.env['CI']),
  // No retries: a flaky test is a bug to fix, not to hide.
  retries: 0,
  // Two cores on these machines: more workers only make each test slower.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Debian's Chromium: Playwright's own browser download is not reachable here.
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      // The background-networking flags stop Chromium from calling home, which this closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /signInLimit\.spec\.ts/,
    },
    {
      // Last, alone: it uses up the sign-in limit, which Strapi counts per address, for every test of the run.
      name: 'sign-in limit',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /signInLimit\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      url: `${baseURL}/build.json`,
      env: { PORT: String(port), HOST: '127.0.0.1' },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The same site built against the backend that requires email confirmation.
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${confirmPort}/build.json`,
      env: { PORT: String(confirmPort), HOST: '127.0.0.1', DIST_DIR: 'dist-confirm' },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The site built against the backend seeded with the XSS corpus (tests/e2e/xss.spec.ts).
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${xssPort}/build.json`,
      env: {
        PORT: String(xssPort),
        HOST: '127.0.0.1',
        DIST_DIR: process.env['E2E_XSS_DIST'] ?? 'node_modules/.cache/studyease-e2e-xss/dist',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
