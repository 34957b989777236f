import type { APIRoute } from 'astro';

/** The build id open tabs compare with their own to notice a new deploy (stores/build.ts). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ id: import.meta.env.PUBLIC_BUILD_ID }), {
    headers: { 'Content-Type': 'application/json' },
  });
