/**
 * The chat API: a signed-in user's own conversations and their messages. Custom routes (not the core router) so
 * every action is scoped to the caller; they authenticate with the users-permissions jwt (the default `auth`), and
 * src/bootstrap/permissions.ts grants exactly these actions to the Authenticated role.
 */
const handler = (action: string) => `api::conversation.conversation.${action}`;

export default {
  routes: [
    { method: 'GET', path: '/conversations', handler: handler('find') },
    { method: 'POST', path: '/conversations', handler: handler('create') },
    { method: 'GET', path: '/conversations/:id', handler: handler('findOne') },
    { method: 'PUT', path: '/conversations/:id', handler: handler('update') },
    { method: 'DELETE', path: '/conversations/:id', handler: handler('delete') },
    { method: 'GET', path: '/conversations/:id/messages', handler: handler('findMessages') },
    { method: 'POST', path: '/conversations/:id/messages', handler: handler('sendMessage') },
    { method: 'POST', path: '/conversations/:id/messages/:messageId/retry', handler: handler('retryMessage') },
  ],
};
