/**
 * The chat API: a signed-in user's own conversations and their messages. Custom routes (not the core router) so
 * every action is scoped to the caller; they authenticate with the users-permissions jwt (the default `auth`), and
 * src/bootstrap/permissions.ts grants exactly these actions to the Authenticated role. Every route that names a
 * conversation goes through the policy `is-own-conversation` (404 for anyone else's).
 */
const handler = (action: string) => `api::conversation.conversation.${action}`;
const own = { policies: ['api::conversation.is-own-conversation'] };

export default {
  routes: [
    { method: 'GET', path: '/conversations', handler: handler('find') },
    { method: 'POST', path: '/conversations', handler: handler('create') },
    { method: 'GET', path: '/conversations/:id', handler: handler('findOne'), config: own },
    { method: 'PUT', path: '/conversations/:id', handler: handler('update'), config: own },
    { method: 'DELETE', path: '/conversations/:id', handler: handler('delete'), config: own },
    { method: 'GET', path: '/conversations/:id/messages', handler: handler('findMessages'), config: own },
    { method: 'POST', path: '/conversations/:id/messages', handler: handler('sendMessage'), config: own },
    {
      method: 'POST',
      path: '/conversations/:id/messages/:messageId/retry',
      handler: handler('retryMessage'),
      config: own,
    },
  ],
};
