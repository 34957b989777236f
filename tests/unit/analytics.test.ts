import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { analyticsAllowedOn, analyticsScript } from '@/lib/analytics';

const SRC = 'https://stats.example/script.js';
const INTEGRITY = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

describe('analyticsScript', () => {
  test('is off without a source', () => {
    expect(analyticsScript(undefined, undefined)).toBeNull();
    expect(analyticsScript('', INTEGRITY)).toBeNull();
  });

  test('pins the script to its Subresource Integrity hash', () => {
    expect(analyticsScript(SRC, ` ${INTEGRITY} `)).toEqual({ src: SRC, integrity: INTEGRITY });
  });

  test.each([
    ['no hash', undefined],
    ['an empty hash', ''],
    ['a hash of another kind', 'md5-abc'],
    ['a hash with a quote', `${INTEGRITY}" onload="alert(1)`],
  ])('refuses a source with %s, stopping the build', (_label, integrity) => {
    expect(() => analyticsScript(SRC, integrity)).toThrow(/PUBLIC_ANALYTICS_INTEGRITY/);
  });

  test('refuses a source that is not https', () => {
    expect(() => analyticsScript('http://stats.example/a.js', INTEGRITY)).toThrow(/https/);
    expect(() => analyticsScript('javascript:alert(1)', INTEGRITY)).toThrow(/https/);
  });
});

describe('analyticsAllowedOn', () => {
  test.each(['/app', '/app/math-solver/abc', '/auth/login', '/auth/connect/github/redirect', '/APP', '/app.html'])(
    'refuses %s',
    (path) => {
      expect(analyticsAllowedOn(path)).toBe(false);
    },
  );

  test.each(['/', '/pricing', '/blog/apps-for-study', '/application', '/authors'])('allows %s', (path) => {
    expect(analyticsAllowedOn(path)).toBe(true);
  });
});

describe('BaseLayout', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** Renders the layout with analytics configured, as the page at `path`. */
  async function render(path: string): Promise<string> {
    vi.stubEnv('PUBLIC_ANALYTICS_SRC', SRC);
    vi.stubEnv('PUBLIC_ANALYTICS_INTEGRITY', INTEGRITY);
    vi.resetModules();
    const { default: BaseLayout } = await import('@/layouts/BaseLayout.astro');
    const container = await AstroContainer.create();
    return container.renderToString(BaseLayout, { request: new Request(`https://studyease.example${path}`) });
  }

  test('analytics never loads on /app and /auth pages', async () => {
    for (const path of ['/app', '/app/math-solver', '/auth/login', '/auth/register']) {
      expect(await render(path)).not.toContain('stats.example');
    }
  });

  test('loads analytics on public pages only with its integrity hash and without credentials', async () => {
    const html = await render('/pricing');
    expect(html).toMatch(
      new RegExp(`<script[^>]*src="${SRC.replaceAll('.', '\\.')}"[^>]*integrity="${INTEGRITY.replaceAll('+', '\\+')}"`),
    );
    expect(html).toContain('crossorigin="anonymous"');
  });
});
