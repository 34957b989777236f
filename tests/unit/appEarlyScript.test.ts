import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createAuthApi } from '@/lib/api/auth';
import { createChatApi } from '@/lib/api/chat';
import { apiUrl, createApiClient } from '@/lib/api/client';
import { type EarlyRequests, takeEarlyResponse } from '@/lib/api/earlyResponses';
import { APP_EARLY_SCRIPT } from '@/lib/inlineScripts';

const BACKEND = 'https://api.studyease.example';
const PREFIX = '/api';
const TOKEN = 'header.payload.signature';
const CHAT_SCRIPTS = '/_astro/ChatView.a.js /_astro/markdown.b.js';

interface Sent {
  url: string;
  headers: Record<string, string>;
}

/**
 * Runs the inline script as the app page does, with its data attributes, on `pathname` and with `cookie`.
 * @returns what it fetched, the module preloads it added and what it left on window
 */
function runEarlyScript(pathname: string, cookie: string) {
  const sent: Sent[] = [];
  const preloads: string[] = [];
  const window: { __studyeaseEarly?: EarlyRequests } = {};
  const dataset = {
    session: 'studyease_jwt=',
    me: apiUrl(BACKEND, PREFIX, '/users/me', {}),
    conversations: apiUrl(BACKEND, PREFIX, '/conversations/'),
    tools: 'translator math-solver physics-solver chemistry-solver homework-helper',
    chatScripts: CHAT_SCRIPTS,
  };
  const document = {
    currentScript: { dataset },
    cookie,
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => preloads.push(`${link.rel} ${link.href}`) },
  };
  const fetch = (url: string, init: { headers: Record<string, string> }) => {
    sent.push({ url, headers: init.headers });
    return Promise.resolve(new Response('{}'));
  };
  // The script's text as the page carries it, with the browser's globals it reads.
  runInNewContext(APP_EARLY_SCRIPT, { document, location: { pathname }, fetch, window });
  return { sent, preloads, early: window.__studyeaseEarly };
}

/** The requests the app itself makes for a conversation's first screen, through the real client. */
async function appRequests(conversationId: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  const client = createApiClient({
    baseUrl: BACKEND,
    prefix: PREFIX,
    getToken: () => TOKEN,
    fetch: (url, init) => {
      const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      sent.push({ url: href, headers: { ...(init?.headers as Record<string, string>) } });
      return Promise.resolve(new Response('null'));
    },
    onError: () => {},
  });
  const chat = createChatApi(client);
  await Promise.allSettled([
    createAuthApi(client).me(),
    chat.get(conversationId),
    chat.messages(conversationId),
    chat.attempts(conversationId),
  ]);
  return sent;
}

describe('the app page early script', () => {
  test('asks for exactly what the app asks for on a conversation, with the same headers', async () => {
    const { sent, early } = runEarlyScript('/app/math-solver/k2x9conv', `theme=dark; studyease_jwt=${TOKEN}`);
    const expected = await appRequests('k2x9conv');
    expect(sent.map(({ url }) => url).sort()).toEqual(expected.map(({ url }) => url).sort());
    for (const request of sent) expect(request.headers).toEqual(expected[0]?.headers);
    expect(early?.token).toBe(TOKEN);
    expect([...(early?.responses.keys() ?? [])].sort()).toEqual(sent.map(({ url }) => url).sort());
  });

  test('on a tool page asks for the session only, and preloads the chat', () => {
    const { sent, preloads } = runEarlyScript('/app/physics-solver', `studyease_jwt=${TOKEN}`);
    expect(sent.map(({ url }) => url)).toEqual([`${BACKEND}${PREFIX}/users/me`]);
    expect(preloads).toEqual(CHAT_SCRIPTS.split(' ').map((src) => `modulepreload ${src}`));
  });

  test('preloads no chat on the dashboard or the account page, nor on an unknown tool', () => {
    for (const path of ['/app', '/app/account', '/app/practice', '/app/not-a-tool/abc', '/app/math-solver/a/b']) {
      const { sent, preloads } = runEarlyScript(path, `studyease_jwt=${TOKEN}`);
      expect(preloads, path).toEqual([]);
      expect(
        sent.map(({ url }) => url),
        path,
      ).toEqual([`${BACKEND}${PREFIX}/users/me`]);
    }
  });

  test('asks nothing without a session, and nothing for a malformed conversation id', () => {
    const signedOut = runEarlyScript('/app/math-solver/k2x9conv', 'theme=dark');
    expect(signedOut.sent).toEqual([]);
    expect(signedOut.early).toBeUndefined();
    const malformed = runEarlyScript('/app/math-solver/bad%20id', `studyease_jwt=${TOKEN}`);
    expect(malformed.sent.map(({ url }) => url)).toEqual([`${BACKEND}${PREFIX}/users/me`]);
  });
});

describe('takeEarlyResponse', () => {
  const url = `${BACKEND}${PREFIX}/users/me`;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${TOKEN}` };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubEarly(at = Date.now()): { response: Promise<Response> } {
    const response = Promise.resolve(new Response('{"id":1}'));
    vi.stubGlobal('window', { __studyeaseEarly: { token: TOKEN, at, responses: new Map([[url, response]]) } });
    return { response };
  }

  test('hands the early answer to the same request once', () => {
    const { response } = stubEarly();
    expect(takeEarlyResponse(url, { method: 'GET', headers })).toBe(response);
    expect(takeEarlyResponse(url, { method: 'GET', headers })).toBeUndefined();
  });

  test('never to another session, another method, a request that can be aborted, or a later visit', () => {
    stubEarly();
    expect(takeEarlyResponse(url, { headers: { ...headers, Authorization: 'Bearer other' } })).toBeUndefined();
    // Taken all the same: the answer was for a session that is no longer the page's.
    expect(takeEarlyResponse(url, { headers })).toBeUndefined();
    stubEarly();
    expect(takeEarlyResponse(url, { method: 'POST', headers })).toBeUndefined();
    expect(takeEarlyResponse(url, { headers, signal: new AbortController().signal })).toBeUndefined();
    stubEarly(Date.now() - 60_000);
    expect(takeEarlyResponse(url, { headers })).toBeUndefined();
  });

  test('outside a browser, or with no early answers, there is nothing to take', () => {
    expect(takeEarlyResponse(url, { headers })).toBeUndefined();
    vi.stubGlobal('window', {});
    expect(takeEarlyResponse(url, { headers })).toBeUndefined();
  });
});
