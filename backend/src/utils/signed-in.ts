import { errors } from '@strapi/utils';

/**
 * The signed-in caller's user id (the users-permissions jwt, checked by the route's default `auth`), for the actions
 * that act on the caller only.
 * @param action - what signing in is needed for, for the 401's message ("use the chat", "practise")
 * @throws {errors.UnauthorizedError} when nobody is signed in
 */
export function signedInUser(ctx: { state: { user?: { id: number } } }, action: string): number {
  const id = ctx.state.user?.id;
  if (typeof id !== 'number') throw new errors.UnauthorizedError(`Sign in to ${action}`);
  return id;
}
