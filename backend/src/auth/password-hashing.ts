import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { hashPassword } from './password-pool';

const USER = 'plugin::users-permissions.user';

/** Strapi's document-service attribute transforms module (only what this file uses). */
interface Transforms {
  password: (value: unknown, context: { attribute: { encryption?: { rounds?: unknown } } }) => unknown;
}

/** Hashes made in the worker, by the password they are for, waiting for the transform of the same write. */
const ready = new Map<string, string[]>();
let hashedOffThread = 0;

/** @returns how many password hashes were made in the worker thread since the start (for tests) */
export const passwordsHashedOffThread = (): number => hashedOffThread;

/**
 * Moves the bcrypt hash of every new password (registration, change, reset, an admin's edit of a user) off the
 * main thread. Strapi's document service hashes `password` attributes with `bcrypt.hashSync` inside a synchronous
 * transform, about 100 ms of a blocked event loop per registration (issue #11: ten sign-ups a second saturated the
 * backend). There is no async hook at that point, so a document-service middleware hashes the password in the
 * password worker first, and the transform (replaced on Strapi's own module object, which the service reads at each
 * call) takes that hash instead of making one. Any value it was not given a hash for is hashed as before.
 * Strapi is pinned (5.54.0): a moved module fails the start here, loudly, rather than silently hashing on the thread.
 *
 * @param strapi - the Strapi being registered
 */
export const installOffThreadPasswordHashing = (strapi: Core.Strapi): void => {
  const transformsPath = path.join(
    path.dirname(require.resolve('@strapi/core')),
    'services/document-service/attributes/transforms.js',
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of Strapi's, not an exported module
  const transforms = require(transformsPath) as { default?: Transforms } & Partial<Transforms>;
  const target: Partial<Transforms> = transforms.default ?? transforms;
  const original = target.password;
  if (typeof original !== 'function') throw new Error(`Strapi's password transform moved: check ${transformsPath}`);
  target.password = (value, context) => {
    if (typeof value === 'string') {
      const queue = ready.get(value);
      const hash = queue?.shift();
      if (queue?.length === 0) ready.delete(value);
      if (hash !== undefined) return hash;
    }
    return original(value, context);
  };

  strapi.documents.use(async (context, next) => {
    const data = (context.params as { data?: Record<string, unknown> } | undefined)?.data;
    const password = data?.['password'];
    if (
      context.uid !== USER ||
      (context.action !== 'create' && context.action !== 'update') ||
      typeof password !== 'string'
    ) {
      return next();
    }
    const attribute = strapi.getModel(USER).attributes['password'] as { encryption?: { rounds?: unknown } } | undefined;
    const rounds = Number(attribute?.encryption?.rounds ?? 10);
    const hash = await hashPassword(password, Number.isInteger(rounds) && rounds > 3 ? rounds : 10);
    hashedOffThread += 1;
    const queue = ready.get(password) ?? [];
    queue.push(hash);
    ready.set(password, queue);
    try {
      return await next();
    } finally {
      // Not taken (the write failed before its transform): forget it, so no password stays in memory.
      const left = ready.get(password);
      const index = left?.indexOf(hash) ?? -1;
      if (left && index >= 0) left.splice(index, 1);
      if (left?.length === 0) ready.delete(password);
    }
  });
};
