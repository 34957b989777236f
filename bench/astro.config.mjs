// The site's own Astro config with one change for `npm run bench`: Astro's cache (content data store, optimised
// images) goes to BENCH_CACHE_DIR, a fresh temporary folder per build. Each measured build then starts cold, as a
// CI build does, and the bench never writes node_modules/.astro, which `npm run build` and the e2e builds share.
// Used as `astro build --config bench/astro.config.mjs` (the root stays the project folder).
import config from '../astro.config.mjs';

export default process.env.BENCH_CACHE_DIR ? { ...config, cacheDir: process.env.BENCH_CACHE_DIR } : config;
