// The engines are CommonJS TypeScript compiled into dist/ (`npm test` builds first); the tests load that output,
// which is exactly what the backend's worker threads run.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * @param modulePath - path of a module relative to src/, without extension (e.g. `math/index`)
 * @returns the compiled module's exports, typed by the caller with `typeof import(...)`
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the module's type
export const requireCompiled = <T>(modulePath: string): T => require(`../../dist/${modulePath}.js`) as T;
