/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// getViteConfig gives the tests Astro's Vite set-up: the `@/` alias, `astro:content` and import.meta.env.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
