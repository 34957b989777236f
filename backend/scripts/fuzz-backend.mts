// The backend of `npm run fuzz` when FUZZ_BACKEND_URL is not set: the tests' startBackend (temporary database) with
// the limits that would turn the fuzz into a wall of 429s lifted, in its own process so that a backend that dies
// or hangs shows up as connection failures rather than taking the fuzzer with it. Started by fuzz.mts with an IPC
// channel: sends { url, jwtSecret } when listening, stops when the channel closes or on SIGINT/SIGTERM.
import { startBackend } from '../tests/support/backend.ts';

const backend = await startBackend({
  FREE_DAILY_QUESTIONS: '0',
  TUTOR_RATE_LIMIT_PER_MINUTE: '0',
  AUTH_RATE_LIMIT_MAX: '1000000',
  LOG_LEVEL: process.env['FUZZ_LOG_LEVEL'] ?? 'error',
});

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

if (process.send) process.send({ url: backend.url, jwtSecret: backend.secrets['JWT_SECRET'] ?? null });
else console.log(backend.url);
