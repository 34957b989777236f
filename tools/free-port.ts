// The one free-port helper of the dev tools, the tests and the benchmarks: a port the kernel picks (`listen(0)`).
import { createServer } from 'node:net';

/** A port held open until `release()`. */
export interface ReservedPort {
  port: number;
  release: () => Promise<void>;
}

/**
 * Holds a free port until `release()`: for a port that is written somewhere (a site build's SITE_URL) before its
 * server listens, since a port only probed may go to the next `listen(0)` meanwhile (a test backend's mail catcher).
 *
 * @returns the port and the function that frees it
 */
export const reservePort = (): Promise<ReservedPort> =>
  new Promise((resolve, reject) => {
    const holder = createServer();
    // A held port never keeps the process alive.
    holder.unref();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => {
      const address = holder.address();
      if (address === null || typeof address !== 'object') {
        reject(new Error('free-port: the kernel gave no port'));
        return;
      }
      resolve({
        port: address.port,
        release: () => new Promise((done) => holder.close(() => done())),
      });
    });
  });

/**
 * @returns a TCP port on 127.0.0.1 that was free a moment ago
 */
export const freePort = async (): Promise<number> => {
  const { port, release } = await reservePort();
  await release();
  return port;
};
