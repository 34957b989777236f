import { defineConfig, devices } from '@playwright/test';

// scripts/run-e2e.mjs picks a free port; running `playwright test` directly falls back to 4399.
const port = Number(process.env['E2E_PORT'] ?? 4399);
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `${baseURL}/build.json`,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
