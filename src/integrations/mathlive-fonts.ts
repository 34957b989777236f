import { cp, readFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * The math keyboard's fonts (MathLive's KaTeX fonts) served from our own build: MathLive looks for them beside its
 * script, which a bundler moves, so they would 404 (or come from a CDN, which the site's CSP forbids). This copies
 * node_modules/mathlive/fonts into the build under /_astro/ (cached as immutable by scripts/serve.mjs, the version in
 * the folder's name), serves the same path in `astro dev`, and tells the client code the folder
 * (`import.meta.env.PUBLIC_MATHLIVE_FONTS`, given to MathfieldElement.fontsDirectory before a field is made).
 */

/**
 * The installed mathlive's fonts folder and version. Read from the project's node_modules: the package's `exports`
 * lists neither its package.json nor its fonts, so they cannot be resolved as modules.
 */
async function mathliveFonts(root: URL): Promise<{ folder: string; version: string }> {
  const packageFolder = join(fileURLToPath(root), 'node_modules', 'mathlive');
  const manifest = join(packageFolder, 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return { folder: join(packageFolder, 'fonts'), version };
}

export function mathliveFontsIntegration(): AstroIntegration {
  let publicPath = '';
  let source = '';
  return {
    name: 'studyease:mathlive-fonts',
    hooks: {
      'astro:config:setup': async ({ config, updateConfig }) => {
        const { folder, version } = await mathliveFonts(config.root);
        source = folder;
        publicPath = `/_astro/mathlive-fonts-${version}`;
        updateConfig({
          vite: {
            define: { 'import.meta.env.PUBLIC_MATHLIVE_FONTS': JSON.stringify(publicPath) },
            plugins: [
              {
                name: 'studyease:mathlive-fonts-dev',
                configureServer(server) {
                  server.middlewares.use(publicPath, (req, res, next) => {
                    const name = normalize(decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
                    if (!name.endsWith('.woff2') || name.includes(`..${sep}`)) {
                      next();
                      return;
                    }
                    res.setHeader('Content-Type', 'font/woff2');
                    createReadStream(join(source, name))
                      .on('error', () => next())
                      .pipe(res);
                  });
                },
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const target = join(fileURLToPath(dir), publicPath);
        await cp(source, target, { recursive: true });
        logger.info(`MathLive fonts copied to ${publicPath}`);
      },
    },
  };
}
