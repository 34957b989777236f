import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  type AnswerEvent,
  type SolveOptions,
  SolveOptionsSchema,
  titleFrom,
  type TutorAnswer,
} from '@studyease/contract';
import { LimitsConfigSchema } from '../../../limits/limits-config';
import { spendModelAnswer } from '../../../limits/model-budget';
import { TutorConfigSchema } from '../../../tutor/config';
import { poolDependencies } from '../../../tutor/dependencies';
import { streamAnswer } from '../../../tutor/stream';
import type practiceService from '../../practice/services/practice';
import { CONVERSATION, type ConversationRow, MESSAGE, type MessageRow } from '../rows';

/** While an answer streams, the assistant message is saved at most this often (and at its end). */
const SAVE_INTERVAL_MS = 250;

/** The part of Koa's context an answer is streamed to. */
export interface StreamTarget {
  res: {
    writeHead(status: number, headers: Record<string, string>): unknown;
    write(chunk: string): boolean;
    end(): unknown;
    writableEnded: boolean;
    destroyed: boolean;
    on(event: 'close', listener: () => void): unknown;
  };
  respond?: boolean;
}

/** The assistant message an answer is written into. */
interface Reply {
  id: number;
  documentId: string;
}

/** The question an answer is streamed for. */
interface Question {
  documentId: string;
  text: string;
  options: SolveOptions | undefined;
}

/** The 400 of a retry of anything but a failed or cut-off answer. */
const RETRY_REFUSED = 'Only an answer that failed or was cut off can be retried';

type StartEvent = Extract<AnswerEvent, { event: 'start' }>;

/**
 * What the client receives: the tutor's events, with `start` also naming the saved messages, so the site can retry
 * the answer without reloading the conversation.
 */
export type ChatEvent = Exclude<AnswerEvent, StartEvent> | { event: 'start'; data: Required<StartEvent['data']> };

const sse = (event: ChatEvent): string => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * The chat's answers: a question is saved, then answered as a Server-Sent Events stream that is saved as it
 * arrives; a failed or cut answer can be retried in place.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  // The chat's hot path (ownership, sending, retrying, streaming) goes through the query engine instead of the
  // document service, which cost several times the work per message (parameter validation and transformation, a
  // re-read with populate after every write, and an `entry.create`/`entry.update` event that reads the entry again
  // with a deep populate). The rows are the same: documentId is the model's default (cuid2, as the document service
  // makes it), publishedAt is set as the document service sets it on a type without draft & publish, and neither
  // type is localized. What these writes do not do is emit those events: a webhook set on Message or Conversation in
  // the admin panel would not see chat traffic (none is, and chat messages are no content to publish).
  const conversationRows = () => strapi.db.query(CONVERSATION);
  const messageRows = () => strapi.db.query(MESSAGE);

  /**
   * A solved, verified engine answer with a skill starts that skill for the student (issue #16): it becomes due for
   * practice, growing from this question. Practice is a side matter of the answer: a failure here is logged, and the
   * answer is still sent and kept.
   */
  const startSkill = async (owner: number, answer: TutorAnswer | null): Promise<void> => {
    if (!answer?.skill || answer.status !== 'solved' || !answer.verified || answer.source !== 'engine') return;
    const practice = strapi.service('api::practice.practice') as unknown as ReturnType<typeof practiceService>;
    await practice.start(owner, answer.skill, answer.question.text, new Date()).catch((error: unknown) => {
      strapi.log.error(`[chat] starting the skill failed: ${error instanceof Error ? error.stack : String(error)}`);
    });
  };

  /** The assistant messages being written by this process right now: a retry must not write into one. */
  const streaming = new Set<string>();

  /**
   * Streams the answer to `question` into the assistant message `reply` as Server-Sent Events, saving it as it
   * arrives: `partial` while streaming (at most every SAVE_INTERVAL_MS), `complete` with the answer at the end.
   * A failure keeps the text that had arrived (`partial`), or saves the error's message (`error`) when none had;
   * a client that disconnects leaves it `partial` and stops the model request.
   *
   * @param owner - the student, whose model-answer budget the answer counts against
   * @param reset - empty the message first (a retry overwrites the failed answer)
   */
  const streamReply = async (
    ctx: StreamTarget,
    conversation: ConversationRow,
    owner: number,
    question: Question,
    reply: Reply,
    { reset }: { reset: boolean },
  ): Promise<void> => {
    const replyId = reply.documentId;
    streaming.add(replyId);
    try {
      const tutor = TutorConfigSchema.parse(strapi.config.get('tutor'));
      /** Writes the assistant message: one UPDATE (updateMany sets no timestamps itself; the document service's
       * update also sets publishedAt on a type without draft & publish). */
      const write = async (data: { text: string; answer: TutorAnswer | null; status: MessageRow['status'] }) => {
        const now = new Date();
        await messageRows().updateMany({
          where: { id: reply.id },
          data: { ...data, updatedAt: now, publishedAt: now },
        });
      };
      if (reset) await write({ text: '', answer: null, status: 'partial' });
      // A new answer makes the conversation the most recently active; the first question names it. Nothing sent
      // depends on it, so the stream does not wait for it; it is written before the stream ends.
      const now = new Date();
      const touched = conversationRows()
        .updateMany({
          where: { id: conversation.id },
          data: {
            title: conversation.title ? conversation.title : titleFrom(question.text),
            updatedAt: now,
            publishedAt: now,
          },
        })
        .then(
          () => undefined,
          (error: unknown) => {
            strapi.log.error(
              `[chat] saving the conversation failed: ${error instanceof Error ? error.stack : String(error)}`,
            );
          },
        );

      const abort = new AbortController();
      let closed = false;
      ctx.res.on('close', () => {
        if (!ctx.res.writableEnded) {
          closed = true;
          abort.abort();
        }
      });

      // Headers Strapi's middlewares set (CORS, security) are on the response already; add the stream's own.
      ctx.respond = false;
      ctx.res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: ChatEvent): void => {
        if (!closed && !ctx.res.destroyed) ctx.res.write(sse(event));
      };

      let text = '';
      let answer: TutorAnswer | null = null;
      let failure: string | null = null;
      let savedAt = Date.now();
      const save = async (status: 'complete' | 'partial' | 'error'): Promise<void> => {
        savedAt = Date.now();
        const answerText = answer?.answer?.text ?? answer?.reason ?? '';
        await write({ text: text || (status === 'error' ? (failure ?? '') : answerText), answer, status });
      };
      /** How an answer that ended (or broke off) is kept: whatever text arrived is never thrown away. */
      const endStatus = (): 'complete' | 'partial' | 'error' =>
        answer && !failure ? 'complete' : text ? 'partial' : 'error';

      try {
        for await (const event of streamAnswer(conversation.toolSlug, question.text, question.options, {
          ...poolDependencies(tutor, abort.signal),
          // Every model answer counts, a retry's too: retrying a cut answer forever no longer costs nothing.
          reserveModelAnswer: () =>
            spendModelAnswer({ kind: 'account', userId: owner }, LimitsConfigSchema.parse(strapi.config.get('limits'))),
        })) {
          if (closed) break;
          if (event.event === 'delta') text += event.data.text;
          if (event.event === 'answer') answer = event.data;
          if (event.event === 'error') failure = event.data.message;
          if (event.event === 'done') {
            await save(endStatus());
            if (endStatus() === 'complete') await startSkill(owner, answer);
          }
          send(
            event.event === 'start'
              ? { event: 'start', data: { ...event.data, questionId: question.documentId, messageId: replyId } }
              : event,
          );
          if (event.event === 'delta' && Date.now() - savedAt >= SAVE_INTERVAL_MS) await save('partial');
        }
        if (closed) await save('partial');
      } catch (error) {
        strapi.log.error(`[chat] answer failed: ${error instanceof Error ? error.stack : String(error)}`);
        failure = 'The answer could not be completed. Please try again.';
        await save(closed ? 'partial' : endStatus()).catch(() => undefined);
        send({ event: 'error', data: { kind: 'unknown', message: failure } });
        send({ event: 'done', data: {} });
      } finally {
        await touched;
        if (!ctx.res.writableEnded) ctx.res.end();
      }
    } finally {
      streaming.delete(replyId);
    }
  };

  /** Creates a message of `conversation` and returns its ids. */
  const createMessage = async (
    conversation: ConversationRow,
    data: { role: MessageRow['role']; text: string; status: MessageRow['status']; options?: SolveOptions | null },
  ): Promise<Reply> =>
    (await messageRows().create({
      select: ['id', 'documentId'],
      data: { ...data, conversation: conversation.id, publishedAt: new Date() },
    })) as Reply;

  return {
    /**
     * Saves the student's message, then streams its answer. The message comes first: nothing is lost if the model
     * or the connection fails afterwards; its options are kept for a retry.
     *
     * @param giveBack - takes the question back from the daily limit when it could not be saved
     */
    async ask(
      ctx: StreamTarget,
      conversation: ConversationRow,
      owner: number,
      body: { text: string; options?: SolveOptions | undefined },
      giveBack: () => Promise<void>,
    ): Promise<void> {
      const question = await createMessage(conversation, {
        role: 'user',
        text: body.text,
        status: 'complete',
        options: body.options ?? null,
      }).catch(async (error: unknown) => {
        await giveBack().catch(() => undefined);
        throw error;
      });
      const reply = await createMessage(conversation, { role: 'assistant', text: '', status: 'partial' });
      await streamReply(
        ctx,
        conversation,
        owner,
        { documentId: question.documentId, text: body.text, options: body.options },
        reply,
        { reset: false },
      );
    },

    /**
     * Answers again the question before the assistant message `messageId` (failed or cut off), overwriting it, as
     * the same stream as `ask`. A retry adds no user message, so it does not count against the daily limit (a
     * model answer still counts against the model budget).
     *
     * @throws {errors.NotFoundError} when the message is not in the conversation
     * @throws {errors.ValidationError} when it is not a failed or cut answer, or is still being written
     */
    async retry(ctx: StreamTarget, conversation: ConversationRow, owner: number, messageId: string): Promise<void> {
      const found: unknown = await messageRows().findOne({
        where: { documentId: messageId, conversation: { id: conversation.id } },
      });
      if (!found) throw new errors.NotFoundError('Message not found');
      const reply = found as MessageRow;
      if (reply.role !== 'assistant' || reply.status === 'complete') throw new errors.ValidationError(RETRY_REFUSED);
      const previous: unknown = await messageRows().findOne({
        where: { conversation: { id: conversation.id }, role: 'user', id: { $lt: reply.id } },
        orderBy: { id: 'desc' },
      });
      if (!previous) throw new errors.ValidationError(RETRY_REFUSED);
      const asked = previous as MessageRow;
      // Checked right before streamReply claims it (no await in between): two retries cannot both write into it.
      if (streaming.has(reply.documentId)) {
        throw new errors.ValidationError('This answer is still being written; retry it once it has ended');
      }
      const options = SolveOptionsSchema.safeParse(asked.options);
      await streamReply(
        ctx,
        conversation,
        owner,
        { documentId: asked.documentId, text: asked.text ?? '', options: options.success ? options.data : undefined },
        reply,
        { reset: true },
      );
    },
  };
};
