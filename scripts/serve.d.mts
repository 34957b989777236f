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

export const REDIRECT_CACHE_CONTROL: string;

/** `rawPath` is percent-encoded, as in the request (`URL#pathname`); `search` is kept by redirects. */
export function resolveRequest(
  root: string,
  rawPath: string,
  search?: string,
): Promise<{ file: string; status: number } | { redirect: string }>;
/** A redirect's Location for `path` (percent-encoded) that always stays on this site. */
export function sameSiteLocation(path: string, search?: string): string;

/** What the site server's in-memory file cache holds. */
export interface FileCacheStats {
  files: number;
  bytes: number;
  aliases: number;
  aliasBytes: number;
}

/** The site server's in-memory files: one copy per file, bounded by bytes. */
export class FileCache {
  static MAX_FILE_BYTES: number;
  static MAX_BYTES: number;
  static MAX_ALIAS_BYTES: number;
  constructor(limits?: { maxBytes?: number; maxAliasBytes?: number });
  stats(): FileCacheStats;
}

/** `trustProxy`: believe `X-Forwarded-Proto` (TRUST_PROXY=1), which decides Strict-Transport-Security. */
export function createSiteServer(options: {
  root: string;
  hook?: RebuildHook;
  trustProxy?: boolean;
  fileCache?: FileCache;
}): Server;
export function parseHeadersFile(text: string): Record<string, string>;
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean;
export function hookFromEnv(root: string, env: Record<string, string | undefined>): RebuildHook | undefined;
