/**
 * GET /api/chat-limits: the chat's configured limits, for the pricing page. Open to Public and Authenticated
 * through src/bootstrap/permissions.ts (`api::chat-limit.chat-limit.find`), like the content types' reads.
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/chat-limits',
      handler: 'api::chat-limit.chat-limit.find',
    },
  ],
};
