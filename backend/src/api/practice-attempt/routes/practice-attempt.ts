/**
 * Practice in a conversation: owner-only custom routes, like the chat's (src/api/conversation/routes). Each names
 * a conversation and goes through its policy `is-own-conversation` (404 for anyone else's); the service then finds
 * the message within that conversation only. src/bootstrap/permissions.ts grants these actions to Authenticated.
 */
const handler = (action: string) => `api::practice-attempt.practice-attempt.${action}`;
const own = { policies: ['api::conversation.is-own-conversation'] };

export default {
  routes: [
    { method: 'GET', path: '/conversations/:id/practice-attempts', handler: handler('find'), config: own },
    {
      method: 'POST',
      path: '/conversations/:id/messages/:messageId/practice',
      handler: handler('questions'),
      config: own,
    },
    {
      method: 'POST',
      path: '/conversations/:id/messages/:messageId/practice-attempts',
      handler: handler('create'),
      config: own,
    },
  ],
};
