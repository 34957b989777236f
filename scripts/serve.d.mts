// Types for scripts/serve.mjs, so typed code (its unit test) can import it.
import type { IncomingMessage, Server } from 'node:http';
import type { createRebuilder } from './rebuild.mjs';

/** The rebuild hook: its secret and the rebuilder it drives. */
export interface RebuildHook {
  secret: string;
  rebuilder: ReturnType<typeof createRebuilder>;
}

export const HOOK_PATH: '/__rebuild';
export const DEFAULT_BUILDS_DIR: string;

export function resolveRequest(
  root: string,
  pathname: string,
): Promise<{ file: string; status: number } | { redirect: string }>;
/** `trustProxy`: believe `X-Forwarded-Proto` (TRUST_PROXY=1), which decides Strict-Transport-Security. */
export function createSiteServer(options: { root: string; hook?: RebuildHook; trustProxy?: boolean }): Server;
export function parseHeadersFile(text: string): Record<string, string>;
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean;
export function hookFromEnv(root: string, env: Record<string, string | undefined>): RebuildHook | undefined;
