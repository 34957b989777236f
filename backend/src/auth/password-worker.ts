// A worker thread of the password pool (password-pool.ts): bcrypt, off the main thread.
import bcrypt from 'bcryptjs';

/** @returns whether `password` matches the bcrypt `hash` */
export default ({ password, hash }: { password: string; hash: string }): boolean => bcrypt.compareSync(password, hash);

/** @returns the bcrypt hash of `password` with `rounds` (Piscina calls it by name: `run(task, { name: 'hash' })`) */
export const hash = ({ password, rounds }: { password: string; rounds: number }): string =>
  bcrypt.hashSync(password, rounds);
