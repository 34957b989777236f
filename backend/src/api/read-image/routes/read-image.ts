/**
 * POST /api/tutor/read-image: the photo of an exercise, read into text for the student to confirm. Open to Public
 * and Authenticated through src/bootstrap/permissions.ts, so that a signed-in student's token is read (their
 * question budget counts it) and a visitor's request goes through the tutor's per-minute limit.
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/tutor/read-image',
      handler: 'api::read-image.read-image.read',
      config: { middlewares: ['api::tutor.rate-limit', 'api::read-image.image-upload'] },
    },
  ],
};
