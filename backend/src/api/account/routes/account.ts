/**
 * The student's own data (issue #16; docs/api.md, "Your data"): export it, or delete it with the account. Both act on
 * the signed-in caller only (the users-permissions jwt, the default `auth`); no route takes an account id.
 * src/bootstrap/permissions.ts grants exactly these actions to Authenticated.
 */
const handler = (action: string) => `api::account.account.${action}`;

export default {
  routes: [
    { method: 'GET', path: '/account/export', handler: handler('export') },
    {
      method: 'DELETE',
      path: '/account',
      handler: handler('remove'),
      config: { middlewares: ['api::account.delete-body'] },
    },
  ],
};
