// @ts-check
import { execSync } from 'node:child_process';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { appShellPreload } from './src/integrations/app-shell-preload.ts';
import { appShellRewrite } from './src/integrations/app-shell-rewrite.ts';
import { CHUNK_GROUPS } from './src/integrations/chunkGroups.ts';
import { mathliveFontsIntegration } from './src/integrations/mathlive-fonts.ts';
import { securityHeadersFile } from './src/integrations/security-headers.ts';
import { sitemapAlias } from './src/integrations/sitemap-alias.ts';
import { sitemapLastmod } from './src/integrations/sitemap-lastmod.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

const SITE_URL = process.env.SITE_URL || 'http://localhost:4321';
/** Where the build reads content (src/lib/cms/client.ts reads the same variables): its images may be optimised. */
const CMS = new URL(process.env.CMS_URL || process.env.PUBLIC_BACKEND_URL || 'http://localhost:1337');

/** A build id published with each build (dist/build.json) so open tabs can notice a newer deploy. */
function buildId() {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = 'local';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (e.g. a tarball deploy): the timestamp alone still changes per build.
  }
  return `${commit}-${Date.now().toString(36)}`;
}

/** Pages that belong to no search result: the signed-in app, auth flows and error pages. */
const NOT_IN_SITEMAP = /\/(app|auth|zh|404|500)(\/|$)/;

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  // `file` output (pricing.html) with no trailing slash keeps one URL per page, the one the canonical tag names.
  trailingSlash: 'never',
  build: { format: 'file' },
  server: { port: Number(process.env.PORT) || 4321, host: 'localhost' },
  redirects: { '/zh/app': '/app' },
  image: { remotePatterns: [{ protocol: CMS.protocol.replace(':', ''), hostname: CMS.hostname }] },
  // Hover prefetch is our own few lines (src/client/prefetch.ts): Astro's prefetcher costs 1.1 KB gzip on every
  // page and has no concurrency limit, where the spec asks for at most four loads at once.
  prefetch: false,
  integrations: [
    react(),
    sitemap({ filter: (page) => !NOT_IN_SITEMAP.test(new URL(page).pathname), serialize: sitemapLastmod() }),
    // After sitemap: it copies the sitemap index that integration wrote.
    sitemapAlias(),
    appShellRewrite(),
    // The app shell's chunks fetched at once rather than one level of imports at a time.
    appShellPreload(),
    // The math keyboard's fonts, copied from the mathlive package into the build (served from our origin only).
    mathliveFontsIntegration(),
    // Content-Security-Policy and the other security headers, written to dist/_headers (scripts/serve.mjs and
    // static hosts send them); the policy hashes the build's inline scripts instead of allowing 'unsafe-inline'.
    securityHeadersFile({
      backendUrl: process.env.PUBLIC_BACKEND_URL || 'http://localhost:1337',
      cmsUrl: CMS.href,
      analyticsSrc: process.env.PUBLIC_ANALYTICS_SRC,
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Bundled scripts stay files (allowed by `script-src 'self'`): Astro would inline a small one, and the
    // security-headers integration allows only the inline scripts of src/lib/inlineScripts.ts and Astro's own.
    build: { assetsInlineLimit: (/** @type {string} */ file) => (file.endsWith('.js') ? false : undefined) },
    define: {
      'import.meta.env.PUBLIC_BUILD_ID': JSON.stringify(buildId()),
    },
    // The browser's scripts in a few files rather than dozens (src/integrations/chunkGroups.ts says why and how).
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [...CHUNK_GROUPS] } } } } },
    },
  },
});
