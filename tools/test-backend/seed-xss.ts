// Seeds the XSS corpus into a test backend for tests/e2e/xss.spec.ts (the launcher's --xss-seed, see process.ts).
import { XSS_CORPUS } from '../../tests/support/xssCorpus.ts';
import type { FakeModel } from '../fake-model.ts';
import type { Backend } from './backend.ts';

/** What seedXss made (tests/e2e/xss.spec.ts reads it); every index is into XSS_CORPUS. */
export interface XssSeed {
  corpusSize: number;
  /** One student whose conversations hold every payload as a question, answered with the same payload. */
  chat: {
    jwt: string;
    conversations: { id: string; indexes: number[] }[];
    /** Questions the API refused (index and answer), so never shown. */
    refused: { index: number; status: number; message: string }[];
  };
  /**
   * One account per payload, named with it where the backend accepts that username. Each has two conversations:
   * one titled from its first question (the payload), one renamed to the payload through the API.
   */
  accounts: {
    index: number;
    jwt: string;
    /** The username as stored: the payload, or a plain one when the backend refused it (then `usernameRefused`). */
    username: string;
    usernameRefused?: string;
    /** The titles as stored, or why the backend refused them. */
    derived: { id: string; title: string } | { refused: string };
    renamed: { id: string; title: string } | { refused: string };
  }[];
  /** One published article per payload: title, description, author, tags and body are the payload, as accepted. */
  articles: {
    index: number;
    slug: string;
    title: string;
    description: string;
    author: string;
    tags: string[];
    body: string;
    /** Fields the CMS refused the payload for (a plain value stands in), with its reason. */
    refused: Record<string, string>;
  }[];
}

/**
 * Seeds the XSS corpus the way content gets in: articles through the Document Service (as the admin panel writes
 * them), accounts, questions, answers (the fake model answers with the payload) and titles through the HTTP API.
 */
export async function seedXss(target: Backend, fakeModel: FakeModel): Promise<XssSeed> {
  const started = Date.now();
  const password = 'Xss-corpus-pass-1';
  const api = async (
    path: string,
    init: { method?: string; body?: unknown; jwt?: string } = {},
  ): Promise<{ status: number; text: string; json: unknown }> => {
    const response = await fetch(`${target.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.jwt === undefined ? {} : { authorization: `Bearer ${init.jwt}` }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // An event stream, or an empty answer.
    }
    return { status: response.status, text, json };
  };
  const errorOf = (answer: { status: number; json: unknown; text: string }): string => {
    const error = (answer.json as { error?: { message?: string } } | null)?.error?.message;
    return `${answer.status} ${error ?? answer.text.slice(0, 200)}`;
  };
  const register = async (username: string, email: string): Promise<{ jwt: string; username: string } | string> => {
    const answer = await api('/auth/local/register', {
      method: 'POST',
      body: { username, email, password },
    });
    const body = answer.json as { jwt?: string; user?: { username: string } } | null;
    return answer.status === 200 && body?.jwt && body.user
      ? { jwt: body.jwt, username: body.user.username }
      : errorOf(answer);
  };
  const newConversation = async (jwt: string): Promise<string> => {
    const answer = await api('/conversations', { method: 'POST', body: { tool: 'homework-helper' }, jwt });
    if (answer.status !== 201) throw new Error(`creating a conversation: ${errorOf(answer)}`);
    return (answer.json as { data: { documentId: string } }).data.documentId;
  };
  /** Sends a question and reads the whole answer stream; the error's text when the API refuses it. */
  const ask = async (jwt: string, id: string, text: string): Promise<string | null> => {
    const answer = await api(`/conversations/${id}/messages`, { method: 'POST', body: { text }, jwt });
    if (answer.status !== 200) return errorOf(answer);
    if (!answer.text.includes('event: done')) throw new Error(`an answer that did not end: ${answer.text.slice(-300)}`);
    return null;
  };
  const titleOf = async (jwt: string, id: string): Promise<string> => {
    const answer = await api(`/conversations/${id}`, { jwt });
    return (answer.json as { data: { title: string | null } }).data.title ?? '';
  };
  /** Runs `work` over the items, `limit` at a time. */
  const pool = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
    let next = 0;
    await Promise.all(
      Array.from({ length: limit }, async () => {
        while (next < items.length) await work(items[next++] as T);
      }),
    );
  };
  const indexes = XSS_CORPUS.map((_, index) => index);

  // The three run at once: articles are database writes, the chat waits on the model, accounts hash passwords.
  const articles: XssSeed['articles'] = [];
  const chat: XssSeed['chat'] = { jwt: '', conversations: [], refused: [] };
  const accounts: XssSeed['accounts'] = [];
  const timings: Record<string, number> = {};
  const timed = async (name: string, work: () => Promise<void>): Promise<void> => {
    await work();
    timings[name] = Date.now() - started;
  };
  await Promise.all([
    timed('articles', async () => {
      // Articles: every field a reader sees carries the payload; a field the CMS refuses it for gets a plain value.
      const documents = target.strapi.documents('api::article.article');
      for (const index of indexes) {
        const source = XSS_CORPUS[index]?.source ?? '';
        const plain: Record<string, unknown> = {
          title: `XSS article ${index}`,
          description: `The description of XSS article ${index}.`,
          author: `XSS author ${index}`,
          tags: [`xss-tag-${index}`],
        };
        const data: Record<string, unknown> = {
          slug: `xss-${index}`,
          title: source,
          description: source,
          author: source,
          body: source,
          tags: [source],
        };
        const refused: Record<string, string> = {};
        for (let attempt = 0; ; attempt++) {
          try {
            await documents.create({ data, status: 'published' });
            break;
          } catch (error) {
            // Strapi's own checks name their fields in details.errors; the project's content rules in details.field.
            const { message = '', details } = error as {
              message?: string;
              details?: { field?: string; errors?: { path?: string[]; message?: string }[] };
            };
            const issues = details?.errors?.map((issue) => ({
              field: issue.path?.[0] ?? '',
              message: issue.message ?? '',
            })) ?? [{ field: details?.field ?? '', message }];
            const replaceable = issues.filter(({ field }) => field in plain && !(field in refused));
            if (attempt > 4 || replaceable.length === 0) throw error;
            for (const { field, message: why } of replaceable) {
              refused[field] = why;
              data[field] = plain[field];
            }
          }
        }
        articles.push({
          index,
          slug: `xss-${index}`,
          title: String(data['title']),
          description: String(data['description']),
          author: String(data['author']),
          tags: data['tags'] as string[],
          body: source,
          refused,
        });
      }
    }),
    timed('chat', async () => {
      // Questions and answers: one student, conversations of 40, each question answered with the same payload.
      fakeModel.chunks = null;
      fakeModel.chunkDelayMs = 0;
      const chatUser = await register('xss-chat', 'xss-chat@example.test');
      if (typeof chatUser === 'string') throw new Error(`registering the chat student: ${chatUser}`);
      chat.jwt = chatUser.jwt;
      for (let from = 0; from < indexes.length; from += 40) {
        const id = await newConversation(chatUser.jwt);
        const conversation = { id, indexes: [] as number[] };
        chat.conversations.push(conversation);
        for (const index of indexes.slice(from, from + 40)) {
          const source = XSS_CORPUS[index]?.source ?? '';
          fakeModel.reply = source;
          const refusal = await ask(chatUser.jwt, id, source);
          if (refusal === null) conversation.indexes.push(index);
          else chat.refused.push({ index, status: Number(refusal.split(' ')[0]), message: refusal });
        }
      }
    }),
    timed('accounts', async () => {
      // Accounts named with the payloads, each with a conversation titled from its first question and a renamed one.
      await pool(indexes, 4, async (index) => {
        const source = XSS_CORPUS[index]?.source ?? '';
        const email = `xss-user-${index}@example.test`;
        let account = await register(source, email);
        let usernameRefused: string | undefined;
        if (typeof account === 'string') {
          usernameRefused = account;
          account = await register(`xss-user-${index}`, email);
          if (typeof account === 'string') throw new Error(`registering xss-user-${index}: ${account}`);
        }
        const { jwt, username } = account;
        const derivedId = await newConversation(jwt);
        const refusedQuestion = await ask(jwt, derivedId, source);
        const derived =
          refusedQuestion === null
            ? { id: derivedId, title: await titleOf(jwt, derivedId) }
            : { refused: refusedQuestion };
        const renamedId = await newConversation(jwt);
        const renaming = await api(`/conversations/${renamedId}`, { method: 'PUT', body: { title: source }, jwt });
        const renamed =
          renaming.status === 200
            ? { id: renamedId, title: (renaming.json as { data: { title: string } }).data.title }
            : { refused: errorOf(renaming) };
        accounts.push({
          index,
          jwt,
          username,
          ...(usernameRefused === undefined ? {} : { usernameRefused }),
          derived,
          renamed,
        });
      });
      accounts.sort((a, b) => a.index - b.index);
    }),
  ]);
  console.error(
    `[test-backend] XSS corpus seeded: ${XSS_CORPUS.length} payloads; done after ` +
      Object.entries(timings)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', '),
  );
  return { corpusSize: XSS_CORPUS.length, chat, accounts, articles };
}
