// The app's modules are CommonJS TypeScript compiled into dist/ by the global setup; tests load that output,
// which is also exactly what `strapi start` runs.
import { createRequire } from 'node:module';
import path from 'node:path';
import { backendRoot } from '../../../tools/test-backend/strapi-module.ts';

/**
 * @param modulePath - path of an app module relative to the backend folder, without extension
 * @returns the compiled module's exports, typed by the caller with `typeof import(...)`
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the module's type
export const requireCompiled = <T>(modulePath: string): T =>
  createRequire(path.join(backendRoot, 'package.json'))(path.join(backendRoot, 'dist', `${modulePath}.js`)) as T;
