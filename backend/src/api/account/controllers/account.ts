import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { DeleteAccountRequestSchema } from '@studyease/contract';
import { parseBody } from '../../../utils/request-body';
import type accountService from '../services/account';
import { signedInUser } from '../../../utils/signed-in';

/** The part of Koa's context these actions use. */
interface AccountContext {
  state: { user?: { id: number } };
  request: { body?: unknown };
  body: unknown;
  set(field: string, value: string): void;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const account = () => strapi.service('api::account.account') as unknown as ReturnType<typeof accountService>;

  const userOf = (ctx: AccountContext): number => signedInUser(ctx, 'manage your data');

  return {
    /** GET /api/account/export → everything the student keeps, as a JSON file to download. */
    async export(ctx: AccountContext): Promise<void> {
      const now = new Date();
      const data = await account().export(userOf(ctx), now);
      ctx.set('Content-Disposition', `attachment; filename="studyease-export-${now.toISOString().slice(0, 10)}.json"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = data;
    },

    /** DELETE /api/account { confirm: username } → `{ deleted: true }`; everything of the account is gone for good. */
    async remove(ctx: AccountContext): Promise<void> {
      const owner = userOf(ctx);
      const body = parseBody(DeleteAccountRequestSchema, ctx.request.body);
      const username = await account().usernameOf(owner);
      if (username === null || body.confirm !== username) {
        throw new errors.ValidationError('To delete your account, type your username exactly as it is.');
      }
      await account().remove(owner);
      ctx.body = { deleted: true };
    },
  };
};
