/**
 * GET /api/tutor/tools: which tools this server can answer (src/tutor/availability.ts). Public (`auth: false`, like
 * the tutor routes): the site reads it while it builds and the app when it starts. An API of its own, beside
 * api::tutor, as it answers from the configuration alone (no rate limit, no worker pool).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/tutor/tools',
      handler: 'api::tool-availability.tool-availability.find',
      config: { auth: false },
    },
  ],
};
