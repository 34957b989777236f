import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CONVERSATION, CONVERSATION_FIELDS, type ConversationRow } from '../rows';

/** What the policy reads and leaves on the request. */
interface PolicyContext {
  state: { user?: { id?: unknown }; conversation?: ConversationRow };
  params: { id?: string };
}

/**
 * Route policy of every `/conversations/:id…` route: the conversation must be the signed-in caller's. It is looked
 * up once, by documentId *and* owner, and left in `ctx.state.conversation` for the action; anyone else's, or one
 * that does not exist, is 404 alike (its existence is not told). Through the query engine: see services/reply.ts.
 *
 * @throws {errors.UnauthorizedError} without a signed-in user
 * @throws {errors.NotFoundError} when it is not the caller's conversation
 */
export default async (
  policyContext: PolicyContext,
  _config: unknown,
  { strapi }: { strapi: Core.Strapi },
): Promise<true> => {
  const owner = policyContext.state.user?.id;
  if (typeof owner !== 'number') throw new errors.UnauthorizedError('Sign in to use the chat');
  const found: unknown = await strapi.db.query(CONVERSATION).findOne({
    select: CONVERSATION_FIELDS,
    where: { documentId: policyContext.params.id ?? '', owner: { id: owner } },
  });
  if (!found) throw new errors.NotFoundError('Conversation not found');
  policyContext.state.conversation = found as ConversationRow;
  return true;
};
