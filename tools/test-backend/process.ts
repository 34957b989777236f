// Runs one test backend (Strapi on a free port, temporary database, mail catcher, and a fake AI model) for the e2e
// tests, prints `{"url":…,"mailUrl":…,"oauthUrl":…,"modelUrl":…}` on one line once it answers, and stops on
// SIGTERM/SIGINT. One process per backend: Strapi is a per-process singleton, and the e2e suite needs three (email
// confirmation off and on, and one seeded with the XSS corpus).
// The fake model (backend/tests/support/fake-model.ts) always runs, as the backend's AI_BASE_URL (`${modelUrl}/v1`);
// tests steer it with `GET/POST ${modelUrl}/control` ({ mode, reply, chunks, chunkDelayMs }). An AI_BASE_URL pair
// below replaces it (then no fake model runs and modelUrl is null).
// Usage: node scripts/e2e-backend.ts SITE_URL [KEY=VALUE …]   (the extra pairs override the backend's settings)
// XSS_SEED=FILE (not a backend setting) seeds the XSS corpus before the ready line and writes what it made to FILE
// (see seedXss below); tests/e2e/xss.spec.ts reads it.
// The backend must be compiled first (`npm run compile --prefix backend`; `npm run test:e2e` does it).
import { writeFileSync } from 'node:fs';
import { type Backend, startBackend } from '../backend/tests/support/backend.ts';
import { type FakeModel, startFakeModel } from '../backend/tests/support/fake-model.ts';
import type { XssSeed } from '../tests/e2e/xssSupport.ts';
import { XSS_CORPUS } from '../tests/support/xssCorpus.ts';

const [siteUrl, ...pairs] = process.argv.slice(2);
if (!siteUrl) {
  console.error('usage: node scripts/e2e-backend.ts SITE_URL [KEY=VALUE …]');
  process.exit(2);
}
// A generous time limit for the engines: every site build solves the tool pages' worked examples through this
// backend, and on a loaded CI machine 3 s (the default) was once not enough (the build then refuses the page).
const overrides: Record<string, string> = { SITE_URL: siteUrl, TUTOR_TIMEOUT_MS: '15000' };
for (const pair of pairs) {
  const at = pair.indexOf('=');
  if (at > 0) overrides[pair.slice(0, at)] = pair.slice(at + 1);
}
const xssSeedFile = overrides['XSS_SEED'];
delete overrides['XSS_SEED'];

// Each backend gets its own fake AI model, so the chat answers offline and predictably.
const model = 'AI_BASE_URL' in overrides ? null : await startFakeModel();
const modelSettings: Record<string, string> =
  model === null ? {} : { AI_BASE_URL: model.url, AI_API_KEY: 'e2e-key', AI_MODEL: 'e2e-fake-model' };

// Each backend gets its own local OAuth2 test provider (`studyease-test`), so social sign-in runs offline.
const backend = await startBackend({ ...modelSettings, ...overrides }, { oauthTestProvider: true });
if (xssSeedFile !== undefined) {
  if (model === null) throw new Error('XSS_SEED needs the fake model (no AI_BASE_URL)');
  writeFileSync(xssSeedFile, JSON.stringify(await seedXss(backend, model)));
}
process.stdout.write(
  `${JSON.stringify({
    url: backend.url,
    mailUrl: backend.mail.url,
    oauthUrl: backend.oauth?.url,
    modelUrl: model?.origin ?? null,
  })}\n`,
);

// Strapi installs its own signal handlers, which exit before our clean-up (temporary database, mail catcher) runs.
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await backend.stop().catch((error: unknown) => {
    // Strapi's own signal handler may have destroyed it first; that is a clean stop too.
    if (!(error instanceof Error && error.message.includes('already been called'))) {
      console.error('[e2e-backend] stop failed', error);
    }
  });
  await model?.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

/**
 * Seeds the XSS corpus the way content gets in: articles through the Document Service (as the admin panel writes
 * them), accounts, questions, answers (the fake model answers with the payload) and titles through the HTTP API.
 */
async function seedXss(target: Backend, fakeModel: FakeModel): Promise<XssSeed> {
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
    `[e2e-backend] XSS corpus seeded: ${XSS_CORPUS.length} payloads; done after ` +
      Object.entries(timings)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', '),
  );
  return { corpusSize: XSS_CORPUS.length, chat, accounts, articles };
}
