import { ToolsAvailabilitySchema } from '@studyease/contract';
import { atom, onMount } from 'nanostores';
import { BACKEND_API_PREFIX, BACKEND_URL } from '@/config';
import { isToolAvailable, type ToolsAvailability } from '@/lib/toolAvailability';
import type { ToolId } from '@/lib/tools';

/**
 * The element whose `data-availability` holds the build's answer as JSON (src/pages/app/index.astro): the first
 * value, so a tool the server cannot answer does not flash its question box. An attribute, not a script: the
 * security headers allow no inline script but our own fixed ones.
 */
export const INLINED_AVAILABILITY_ID = 'tool-availability';

/**
 * Which tools this site can answer (GET /api/tutor/tools): the build's answer inlined in the page first, then the
 * backend's own once the app starts, as the server may have been set up differently since the build. Null while
 * neither is known: every tool is then shown as available (lib/toolAvailability.ts), and the backend's refusal
 * still speaks for one it cannot serve.
 */
export const $toolAvailability = atom<ToolsAvailability | null>(null);

let fetcher: typeof fetch = (...args) => fetch(...args);
/** Tests swap the network. */
export function setAvailabilityFetch(next: typeof fetch): void {
  fetcher = next;
}

/** @returns the availability the page was built with, or null when it has none (or it is not in the shape) */
export function readInlinedAvailability(
  doc: Pick<Document, 'getElementById'> | null = typeof document === 'undefined' ? null : document,
) {
  const text = doc?.getElementById(INLINED_AVAILABILITY_ID)?.dataset['availability'];
  if (!text) return null;
  try {
    const parsed = ToolsAvailabilitySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Asks the backend and keeps its answer. A failure (backend down, an older backend without the route) keeps what
 * is known: the student is not told a tool is off because a request failed.
 * @returns whether the backend answered
 */
export async function refreshToolAvailability(): Promise<boolean> {
  try {
    const response = await fetcher(`${BACKEND_URL}${BACKEND_API_PREFIX}/tutor/tools`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return false;
    const parsed = ToolsAvailabilitySchema.safeParse(await response.json());
    if (!parsed.success) return false;
    $toolAvailability.set(parsed.data);
    return true;
  } catch {
    return false;
  }
}

// The first component that reads the store starts it: no set-up call in the app shell.
onMount($toolAvailability, () => {
  if ($toolAvailability.get() === null) $toolAvailability.set(readInlinedAvailability());
  void refreshToolAvailability();
});

/** @returns whether `tool` can answer here, as far as is known */
export function toolAvailableNow(tool: ToolId): boolean {
  return isToolAvailable($toolAvailability.get(), tool);
}
