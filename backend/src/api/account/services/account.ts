import type { Core } from '@strapi/strapi';
import type { Message, SkillProgress } from '@studyease/contract';
import {
  CONVERSATION,
  CONVERSATION_FIELDS,
  type ConversationRow,
  MESSAGE,
  type MessageRow,
  messageView,
} from '../../conversation/rows';
import { PRACTICE_ATTEMPT } from '../../practice-attempt/services/practice-attempt';
import type practiceAttemptService from '../../practice-attempt/services/practice-attempt';
import { ISSUED_QUESTION, SKILL_STATE } from '../../practice/services/practice';
import type practiceService from '../../practice/services/practice';

const USER = 'plugin::users-permissions.user';

/** The account's own fields in the export: never its password hash, tokens or role. */
const ACCOUNT_FIELDS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'createdAt', 'updatedAt'];

/** What GET /api/account/export answers (docs/api.md, "Your data"). */
export interface AccountExport {
  format: 'studyease-export';
  version: 1;
  exportedAt: string;
  account: Record<string, unknown>;
  conversations: (ReturnType<typeof conversationExport> & { messages: Message[] })[];
  practiceAttempts: Awaited<ReturnType<ReturnType<typeof practiceAttemptService>['list']>>;
  practiceQuestions: Awaited<ReturnType<ReturnType<typeof practiceService>['issuedOf']>>;
  skills: SkillProgress[];
}

const conversationExport = (row: ConversationRow) => ({
  documentId: row.documentId,
  tool: row.toolSlug,
  title: row.title,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/**
 * The student's own data (issue #16, "the student owns the data"): all of it as one JSON document, and all of it
 * deleted for good with the account. Everything is found by the owner's id from the jwt, never by an id in the
 * request.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const practice = () => strapi.service('api::practice.practice') as unknown as ReturnType<typeof practiceService>;
  const attempts = () =>
    strapi.service('api::practice-attempt.practice-attempt') as unknown as ReturnType<typeof practiceAttemptService>;

  const conversationsOf = async (owner: number): Promise<ConversationRow[]> =>
    (await strapi.db.query(CONVERSATION).findMany({
      select: CONVERSATION_FIELDS,
      where: { owner: { id: owner } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    })) as ConversationRow[];

  return {
    /** The account's username (the word DELETE /api/account must be confirmed with), or null when it is gone. */
    async usernameOf(owner: number): Promise<string | null> {
      const user = (await strapi.db.query(USER).findOne({ select: ['username'], where: { id: owner } })) as {
        username: string;
      } | null;
      return user?.username ?? null;
    },

    /** Everything the student keeps: account, conversations with their messages, practice and skills. */
    async export(owner: number, now: Date): Promise<AccountExport> {
      const account = ((await strapi.db.query(USER).findOne({ select: ACCOUNT_FIELDS, where: { id: owner } })) ??
        {}) as Record<string, unknown>;
      const conversations = await Promise.all(
        (await conversationsOf(owner)).map(async (conversation) => {
          const messages = (await strapi.db.query(MESSAGE).findMany({
            where: { conversation: { id: conversation.id } },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          })) as MessageRow[];
          return { ...conversationExport(conversation), messages: messages.map(messageView) };
        }),
      );
      const skills = (await practice().skills(owner, now)).filter((skill) => skill.startedAt !== null);
      return {
        format: 'studyease-export',
        version: 1,
        exportedAt: now.toISOString(),
        account,
        conversations,
        practiceAttempts: await attempts().list(owner),
        practiceQuestions: await practice().issuedOf(owner),
        skills,
      };
    },

    /**
     * Deletes the student's practice, skills, messages, conversations and the account itself, in one transaction
     * (all or nothing), then any refresh sessions: a jwt of the account stops working because its user is gone.
     */
    async remove(owner: number): Promise<void> {
      await strapi.db.transaction(async () => {
        const mine = { owner: { id: owner } };
        await strapi.db.query(ISSUED_QUESTION).deleteMany({ where: mine });
        await strapi.db.query(SKILL_STATE).deleteMany({ where: mine });
        await strapi.db.query(PRACTICE_ATTEMPT).deleteMany({ where: mine });
        const conversations = await conversationsOf(owner);
        const ids = conversations.map((conversation) => conversation.id);
        if (ids.length > 0) {
          await strapi.db.query(MESSAGE).deleteMany({ where: { conversation: { id: { $in: ids } } } });
          await strapi.db.query(CONVERSATION).deleteMany({ where: { id: { $in: ids } } });
        }
        await strapi.db.query(USER).delete({ where: { id: owner } });
      });
      // Refresh sessions (only kept when jwtManagement is 'refresh'): none may outlive the account.
      await strapi.sessionManager('users-permissions').invalidateRefreshToken(String(owner));
    },
  };
};
