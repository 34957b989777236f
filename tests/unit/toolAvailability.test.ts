import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ToolsAvailability } from '@studyease/contract';
import { CmsUnavailableError } from '@/lib/cms/client';
import { loadToolAvailability, resetToolAvailability } from '@/lib/cms/toolAvailability';
import { isToolAvailable, UNKNOWN_AVAILABILITY, unavailableNotice } from '@/lib/toolAvailability';
import {
  $toolAvailability,
  readInlinedAvailability,
  refreshToolAvailability,
  setAvailabilityFetch,
} from '@/stores/toolAvailability';

/** What GET /api/tutor/tools answers on a server without an AI model. */
const NO_MODEL: ToolsAvailability = {
  tools: {
    translator: { available: false, engine: false, model: false },
    'math-solver': { available: true, engine: true, model: false },
    'physics-solver': { available: true, engine: true, model: false },
    'chemistry-solver': { available: true, engine: true, model: false },
    'homework-helper': { available: false, engine: false, model: false },
  },
};
const WITH_MODEL: ToolsAvailability = {
  tools: Object.fromEntries(
    Object.entries(NO_MODEL.tools).map(([id, tool]) => [id, { ...tool, available: true, model: true }]),
  ) as ToolsAvailability['tools'],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllEnvs();
  resetToolAvailability();
  cleanStores($toolAvailability);
  $toolAvailability.set(null);
});

describe('unavailableNotice', () => {
  test('the homework helper without a model: why in a student’s words, and the solvers to use instead', () => {
    const notice = unavailableNotice('homework-helper', NO_MODEL);
    expect(notice?.title).toBe("The Homework Helper isn't available right now");
    expect(notice?.text).toMatch(
      /^The Homework Helper needs an AI model, which this site doesn't have switched on right now\. For equations, try the Math Solver\./,
    );
    expect(notice?.text).not.toMatch(/server|configur/i);
    expect(notice?.instead.map((tool) => tool.id)).toEqual(['math-solver', 'physics-solver', 'chemistry-solver']);
  });

  test('no notice for an available tool, with a model, or while nothing is known', () => {
    expect(unavailableNotice('math-solver', NO_MODEL)).toBeNull();
    expect(unavailableNotice('homework-helper', WITH_MODEL)).toBeNull();
    expect(unavailableNotice('translator', null)).toBeNull();
    expect(isToolAvailable(null, 'translator')).toBe(true);
    expect(isToolAvailable(UNKNOWN_AVAILABILITY, 'homework-helper')).toBe(true);
  });

  test('the translator names no equation tool, and with nothing to go to it says to come back', () => {
    expect(unavailableNotice('translator', NO_MODEL)?.text).toMatch(/These tools work without it/);
    const nothing = {
      tools: Object.fromEntries(
        Object.keys(NO_MODEL.tools).map((id) => [id, { available: false, engine: false, model: false }]),
      ),
    } as ToolsAvailability;
    expect(unavailableNotice('translator', nothing)).toMatchObject({ instead: [], text: /come back later/ });
  });
});

describe('loadToolAvailability (build time)', () => {
  test('reads /tutor/tools once per build and checks its shape', async () => {
    const read = vi.fn(() => Promise.resolve<unknown>(NO_MODEL));
    expect(await loadToolAvailability(read)).toEqual(NO_MODEL);
    expect(await loadToolAvailability(read)).toEqual(NO_MODEL);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith('/tutor/tools');
  });

  test('a backend that does not answer stops the build, like every CMS read', async () => {
    const down = () => Promise.reject(new CmsUnavailableError('http://cms/api/tutor/tools', 'ECONNREFUSED'));
    await expect(loadToolAvailability(down)).rejects.toThrow(CmsUnavailableError);
    resetToolAvailability();
    await expect(loadToolAvailability(() => Promise.resolve({ tools: {} }))).rejects.toThrow(/contract/);
  });

  test('a build that may go without content (CMS_OPTIONAL=1) takes every tool as available', async () => {
    vi.stubEnv('CMS_OPTIONAL', '1');
    const down = () => Promise.reject(new CmsUnavailableError('http://cms/api/tutor/tools', 'ECONNREFUSED'));
    expect(await loadToolAvailability(down)).toEqual(UNKNOWN_AVAILABILITY);
  });
});

describe('$toolAvailability (the app)', () => {
  test('starts from the availability the page was built with, then takes the backend’s', async () => {
    const element = { dataset: { availability: JSON.stringify(WITH_MODEL) } };
    const doc = { getElementById: (id: string) => (id === 'tool-availability' ? element : null) };
    expect(readInlinedAvailability(doc as unknown as Document)).toEqual(WITH_MODEL);
    expect(readInlinedAvailability({ getElementById: () => null })).toBeNull();
    element.dataset.availability = '{"tools":';
    expect(readInlinedAvailability(doc as unknown as Document)).toBeNull();

    const fetcher = vi.fn(() => json(NO_MODEL));
    setAvailabilityFetch(fetcher);
    keepMount($toolAvailability);
    await vi.waitFor(() => expect($toolAvailability.get()).toEqual(NO_MODEL));
    expect(fetcher).toHaveBeenCalledWith(expect.stringMatching(/\/api\/tutor\/tools$/), expect.anything());
  });

  test('a failed or malformed answer keeps what is known', async () => {
    $toolAvailability.set(NO_MODEL);
    setAvailabilityFetch(() => json({ error: 'down' }, 503));
    expect(await refreshToolAvailability()).toBe(false);
    setAvailabilityFetch(() => json({ tools: { translator: true } }));
    expect(await refreshToolAvailability()).toBe(false);
    setAvailabilityFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refreshToolAvailability()).toBe(false);
    expect($toolAvailability.get()).toEqual(NO_MODEL);
    setAvailabilityFetch(() => json(WITH_MODEL));
    expect(await refreshToolAvailability()).toBe(true);
    expect($toolAvailability.get()).toEqual(WITH_MODEL);
  });
});
