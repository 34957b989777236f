// The backend of `npm run bench:chat` when no backend answers: the tests' startBackend (temporary database,
// FREE_DAILY_QUESTIONS=0), run in its own process so that the benchmark's client does not share the backend's event
// loop. Started by bench-chat.mts with an IPC channel: sends { url } when listening, stops when the channel closes
// (the benchmark ended or died) or on SIGINT/SIGTERM.
import { startBackend } from '../tests/support/backend.ts';

const backend = await startBackend({ FREE_DAILY_QUESTIONS: '0', LOG_LEVEL: 'error' });

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

if (process.send) process.send({ url: backend.url });
else {
  // Run by hand: say where it listens and run until interrupted.
  console.log(backend.url);
}
