#!/usr/bin/env node
// A local SMTP server that keeps every email it receives in memory and shows them, for development and tests:
// the backend sends its confirmation and reset emails here instead of to real inboxes.
//
//   SMTP  MAIL_CATCHER_SMTP_PORT (1025)  accepts any sender, recipient and credentials; no TLS
//   HTTP  MAIL_CATCHER_HTTP_PORT (1080)  /                  a page listing the caught emails
//                                        GET    /api/messages[?to=address]  JSON, newest first
//                                        GET    /api/messages/:id           one email
//                                        GET    /messages/:id/html          its HTML part, sandboxed
//                                        DELETE /api/messages               forget them all
//
// Usage: node scripts/mail-catcher.mjs, or `import { startMailCatcher } from './mail-catcher.mjs'`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Emails kept at most; the oldest are dropped, so a long-running dev server does not grow without bound. */
const MAX_MESSAGES = 500;

/**
 * @typedef {object} CaughtMessage
 * @property {string} id
 * @property {string} from - as in the header, name included: `StudyEase <no-reply@example.com>`
 * @property {string[]} to
 * @property {string} subject
 * @property {string} text - the plain-text part ('' when absent)
 * @property {string} html - the HTML part ('' when absent)
 * @property {string} date - ISO time of receipt
 */

/**
 * @typedef {object} MailCatcher
 * @property {number} smtpPort
 * @property {number} httpPort
 * @property {string} url - the HTTP page's URL
 * @property {() => CaughtMessage[]} messages - newest first
 * @property {() => void} clear
 * @property {(predicate: (message: CaughtMessage) => boolean, timeoutMs?: number) => Promise<CaughtMessage>} waitFor
 *   resolves with the newest caught email matching the predicate, waiting for one to arrive if needed
 * @property {() => Promise<void>} stop
 */

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** @param {CaughtMessage[]} messages */
const renderPage = (messages) => {
  const items = messages
    .map((message) => {
      // Links in the text part become clickable, which is the point of the page: open the confirmation link.
      const body = escapeHtml(message.text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
      const html = message.html === '' ? '' : ` · <a href="/messages/${message.id}/html">HTML part</a>`;
      return `<article>
  <h2>${escapeHtml(message.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(message.to.join(', '))} · from ${escapeHtml(message.from)} · ${message.date}${html}</p>
  <pre>${body}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail catcher (${messages.length})</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  article { border-top: 1px solid #ccc; padding: 0.5rem 0; }
  h2 { font-size: 1.1rem; margin: 0.5rem 0 0; }
  .meta { color: #555; margin: 0; font-size: 0.9rem; }
  pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.75rem; }
</style>
</head>
<body>
<h1>Mail catcher</h1>
<p>${messages.length === 0 ? 'No email caught yet.' : `${messages.length} email(s), newest first.`}
  <a href="/">Refresh</a> · JSON: <a href="/api/messages">/api/messages</a></p>
${items}
</body>
</html>`;
};

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
const sendJson = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field */
const addresses = (field) =>
  (Array.isArray(field) ? field : field === undefined ? [] : [field])
    .flatMap((group) => group.value)
    .map((address) => address.address ?? '')
    .filter((address) => address !== '');

/**
 * Starts the SMTP and HTTP servers. Port 0 picks a free port (tests do that); the handle tells which.
 *
 * @param {{ smtpPort?: number, httpPort?: number, host?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<MailCatcher>}
 */
export const startMailCatcher = async ({
  smtpPort = 1025,
  httpPort = 1080,
  host = '127.0.0.1',
  log = () => {},
} = {}) => {
  /** @type {CaughtMessage[]} */
  let messages = [];
  /** @type {Set<() => void>} */
  const listeners = new Set();
  let nextId = 1;

  const smtp = new SMTPServer({
    // Plain SMTP without TLS, any credentials: this server only ever listens on a development machine.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          const to = addresses(mail.to);
          /** @type {CaughtMessage} */
          const message = {
            id: String(nextId++),
            from: mail.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            // Blind copies are only in the envelope.
            to: to.length > 0 ? to : session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            date: new Date().toISOString(),
          };
          messages = [message, ...messages].slice(0, MAX_MESSAGES);
          log(`mail-catcher: caught "${message.subject}" for ${message.to.join(', ')}`);
          for (const listener of listeners) listener();
          callback();
        })
        .catch((/** @type {Error} */ error) => callback(error));
    },
  });

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const one = /^\/api\/messages\/([^/]+)$/.exec(url.pathname);
    const htmlPart = /^\/messages\/([^/]+)\/html$/.exec(url.pathname);

    if (url.pathname === '/api/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return sendJson(res, 200, to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages);
    }
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      messages = [];
      return sendJson(res, 200, { deleted: true });
    }
    if (one && req.method === 'GET') {
      const message = messages.find((m) => m.id === one[1]);
      return message ? sendJson(res, 200, message) : sendJson(res, 404, { error: 'Not found' });
    }
    if (htmlPart && req.method === 'GET') {
      const message = messages.find((m) => m.id === htmlPart[1]);
      if (!message) return sendJson(res, 404, { error: 'Not found' });
      // An email's HTML is untrusted: no scripts, no same-origin access to this page.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': 'sandbox' });
      return res.end(message.html);
    }
    if (url.pathname === '/' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(renderPage(messages));
    }
    return sendJson(res, 404, { error: 'Not found' });
  });

  smtp.listen(smtpPort, host);
  await once(smtp.server, 'listening');
  http.listen(httpPort, host);
  await once(http, 'listening');

  const portOf = (/** @type {import('node:net').AddressInfo | string | null} */ address) =>
    typeof address === 'object' && address !== null ? address.port : 0;
  const actualSmtpPort = portOf(smtp.server.address());
  const actualHttpPort = portOf(http.address());

  return {
    smtpPort: actualSmtpPort,
    httpPort: actualHttpPort,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualHttpPort}`,
    messages: () => [...messages],
    clear: () => {
      messages = [];
    },
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`mail-catcher: no matching email within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    stop: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => http.close(() => resolve(undefined))),
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
      ]);
    },
  };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const catcher = await startMailCatcher({
    smtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025),
    httpPort: Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 1080),
    host: process.env.MAIL_CATCHER_HOST ?? '127.0.0.1',
    log: (line) => console.log(line),
  });
  console.log(`mail-catcher: SMTP on port ${catcher.smtpPort}, caught mail at ${catcher.url}`);
  const shutdown = () => {
    catcher.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
