// A test backend (the tests' startBackend: temporary database) in a child process, for the scripts that load a
// backend from outside: bench:chat (so the client does not share the backend's event loop) and fuzz (so a backend
// that dies or hangs shows up as connection failures instead of taking the fuzzer with it).
// Parent side: startChildBackend(). Child side: this file run with the settings as JSON in argv[2]; it sends
// { url, jwtSecret } over IPC when listening and stops when the channel closes or on SIGINT/SIGTERM.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ChildBackend {
  url: string;
  jwtSecret: string | null;
  stop: () => Promise<void>;
}

/** Starts a backend with these settings in a child process and waits until it listens; its output goes to stderr. */
export const startChildBackend = async (settings: Record<string, string>, label: string): Promise<ChildBackend> => {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(settings)], { stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { url, jwtSecret } = await new Promise<{ url: string; jwtSecret: string | null }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; jwtSecret: string | null }));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`The ${label} exited (${signal ?? code}) before it listened; its errors are above`)),
    );
  });
  return {
    url,
    jwtSecret,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Closing the IPC channel stops it (Strapi's destroy, then the temporary files); SIGKILL if that hangs.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.disconnect();
      await exited;
      clearTimeout(timer);
    },
  };
};

if (process.send && process.argv[2] !== undefined) {
  // Loaded only in the child: the parent never pays for Strapi.
  const { startBackend } = await import('../tests/support/backend.ts');
  const backend = await startBackend(JSON.parse(process.argv[2]) as Record<string, string>);
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    try {
      await backend.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('disconnect', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.send({ url: backend.url, jwtSecret: backend.secrets['JWT_SECRET'] ?? null });
}
