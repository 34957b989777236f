#!/usr/bin/env node
// Runs the Playwright suite against the built site on a free port, so a server already on 4321 (say, a running
// `npm start`) neither breaks the tests nor gets tested by mistake. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** @returns {Promise<number>} a port nothing listens on right now */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const port = process.env.E2E_PORT || String(await freePort());
const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
