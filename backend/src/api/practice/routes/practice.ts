/**
 * Practice that comes back (issue #16; docs/api.md, "Practice"): owner-only custom routes. None names a student or
 * a skill state: every action acts on the signed-in caller (the users-permissions jwt, the default `auth`), so no id
 * in a request can reach another student's data; an issued question is looked up by its id *and* the caller.
 * src/bootstrap/permissions.ts grants exactly these actions to Authenticated. Making and checking questions costs
 * engine time, so those two go through the per-account limit.
 */
const handler = (action: string) => `api::practice.practice.${action}`;
const limited = { middlewares: ['api::practice.rate-limit'] };

export default {
  routes: [
    { method: 'GET', path: '/practice/skills', handler: handler('skills') },
    { method: 'POST', path: '/practice/session', handler: handler('session'), config: limited },
    { method: 'POST', path: '/practice/answer', handler: handler('answer'), config: limited },
  ],
};
