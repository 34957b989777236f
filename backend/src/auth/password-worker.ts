// A worker thread of the password pool (password-pool.ts): bcrypt comparisons, off the main thread.
import bcrypt from 'bcryptjs';

/** @returns whether `password` matches the bcrypt `hash` */
export default ({ password, hash }: { password: string; hash: string }): boolean => bcrypt.compareSync(password, hash);
