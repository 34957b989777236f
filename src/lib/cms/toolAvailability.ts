// Build-time read of which tools the backend can answer (GET /api/tutor/tools), so the home grid and the tool
// pages mark a tool this server cannot serve instead of advertising it. Runs in Node during `astro build`.
import { ToolsAvailabilitySchema } from '@studyease/contract';
import { type ToolsAvailability, UNKNOWN_AVAILABILITY } from '../toolAvailability';
import { CmsUnavailableError, cmsGet, cmsOptional } from './client';

let loaded: Promise<ToolsAvailability> | null = null;

/**
 * The backend's tool availability, read once per build.
 *
 * Fallback: like every other CMS read, a backend that does not answer stops the build (a page must not promise a
 * tool the server may not serve, nor hide one it serves). Only a build that may go without content
 * (`CMS_OPTIONAL=1`: lint and typecheck, never published) takes UNKNOWN_AVAILABILITY, every tool as the spec has it.
 *
 * @param read - the CMS read (tests pass their own)
 * @throws {CmsUnavailableError} when the backend does not answer, or not in the contract's shape
 */
export function loadToolAvailability(
  read: (path: string) => Promise<unknown> = (path) => cmsGet<unknown>(path),
): Promise<ToolsAvailability> {
  loaded ??= readAvailability(read);
  return loaded;
}

/** Forgets the read (tests). */
export function resetToolAvailability(): void {
  loaded = null;
}

async function readAvailability(read: (path: string) => Promise<unknown>): Promise<ToolsAvailability> {
  let body: unknown;
  try {
    body = await read('/tutor/tools');
  } catch (error) {
    if (cmsOptional() && error instanceof CmsUnavailableError) return UNKNOWN_AVAILABILITY;
    throw error;
  }
  const parsed = ToolsAvailabilitySchema.safeParse(body);
  if (!parsed.success) {
    if (cmsOptional()) return UNKNOWN_AVAILABILITY;
    throw new CmsUnavailableError('/api/tutor/tools', 'the answer is not in the contract’s shape');
  }
  return parsed.data;
}
