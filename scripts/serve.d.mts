// Types for scripts/serve.mjs, so typed code (its unit test) can import it.
import type { Server } from 'node:http';

export function resolveRequest(
  root: string,
  pathname: string,
): Promise<{ file: string; status: number } | { redirect: string }>;
export function createSiteServer(options: { root: string }): Server;
