import path from 'node:path';
import { Piscina } from 'piscina';

/**
 * bcrypt in a worker thread: sign-in's password check, and the hash of every new password (hashPassword). users-permissions compares with bcryptjs, plain JavaScript that
 * runs about 100 ms per comparison on the main thread (its async form only cuts that into 100 ms slices), and every
 * other request — chat streams, the tutor — waits meanwhile: under `npm run bench:load`, two sign-ins a second took
 * a fifth of the backend's main thread. One thread is enough for that rate and leaves the cores to the tutor's.
 */
let pool: Piscina | null = null;

const passwordPool = (): Piscina => {
  pool ??= new Piscina({
    filename: path.join(__dirname, 'password-worker.js'),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  return pool;
};

/**
 * @param password - what the student typed
 * @param hash - the stored bcrypt hash
 * @returns whether they match
 */
export const comparePassword = async (password: string, hash: string): Promise<boolean> =>
  (await passwordPool().run({ password, hash })) as boolean;

/**
 * @param password - a new password
 * @param rounds - bcrypt's cost (users-permissions' default: 10)
 * @returns its bcrypt hash, made in the worker thread
 */
export const hashPassword = async (password: string, rounds: number): Promise<string> =>
  (await passwordPool().run({ password, rounds }, { name: 'hash' })) as string;

/** Stops the thread (on server shutdown). */
export const closePasswordPool = async (): Promise<void> => {
  const current = pool;
  pool = null;
  await current?.destroy();
};
