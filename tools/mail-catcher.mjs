#!/usr/bin/env node
// The dev and test mail catcher: MailDev (an SMTP server that keeps what it receives, with a web page and a REST
// API), started the way `npm start`, the test backends and the e2e tests need it. The backend sends its
// confirmation and reset emails here instead of to real inboxes.
//
//   SMTP  MAIL_CATCHER_SMTP_PORT (1025)  any sender and recipient; no TLS, no AUTH (the backend sends without)
//   HTTP  MAIL_CATCHER_HTTP_PORT (1080)  MailDev's page, and its REST API (GET /api/email, GET /api/email/:id,
//                                        GET /api/email/:id/html, DELETE /api/email/all); fetchMail() reads it
//
// Usage: node tools/mail-catcher.mjs (`npm run mail-catcher`), or `import { startMailCatcher } from …` (tests).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Emails kept at most; the oldest are dropped, so a long-running dev server does not grow without bound. */
const MAX_MESSAGES = 500;

/**
 * An email as the tests read it.
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
 * @property {string} url - the web page's and REST API's origin
 * @property {() => Promise<CaughtMessage[]>} messages - newest first
 * @property {() => Promise<void>} clear
 * @property {(predicate: (message: CaughtMessage) => boolean, timeoutMs?: number) => Promise<CaughtMessage>} waitFor
 *   resolves with the newest caught email matching the predicate, waiting for one to arrive if needed
 * @property {() => Promise<void>} stop
 */

/** @typedef {{ address?: string, name?: string }} MailAddress */

/**
 * MailDev's email (its REST API's JSON, or its store's object) as the tests read it.
 * @param {{ id: string, subject?: string, text?: string, html?: string, time: Date | string,
 *   to?: MailAddress[], from?: MailAddress[], envelope?: { to?: MailAddress[] } }} email
 * @returns {CaughtMessage}
 */
const toCaught = (email) => {
  const addresses = (/** @type {MailAddress[] | undefined} */ list) =>
    (list ?? []).map((entry) => entry.address ?? '').filter((address) => address !== '');
  const to = addresses(email.to);
  return {
    id: email.id,
    // Written back as the header was (MailDev keeps it parsed).
    from: (email.from ?? []).map(({ name, address = '' }) => (name ? `"${name}" <${address}>` : address)).join(', '),
    // Blind copies are only in the envelope.
    to: to.length > 0 ? to : addresses(email.envelope?.to),
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    date: new Date(email.time).toISOString(),
  };
};

/**
 * @param {CaughtMessage[]} messages - in the order they arrived (MailDev's)
 * @returns {CaughtMessage[]} newest first; a stable sort, so emails of the same millisecond stay newest first too
 */
const newestFirst = (messages) => messages.reverse().sort((a, b) => b.date.localeCompare(a.date));

/**
 * Reads a running catcher's mail over its REST API (the e2e tests' catchers run in other processes).
 *
 * @param {string} url - the catcher's HTTP origin
 * @param {{ to?: string }} [filter] - only emails to this address (case-insensitive, as addresses are)
 * @returns {Promise<CaughtMessage[]>} newest first
 */
export const fetchMail = async (url, { to } = {}) => {
  const response = await fetch(`${url}/api/email`);
  if (!response.ok) throw new Error(`mail-catcher: GET /api/email answered ${response.status}`);
  const messages = newestFirst(
    /** @type {Parameters<typeof toCaught>[0][]} */ (await response.json()).map((email) => toCaught(email)),
  );
  const wanted = to?.toLowerCase();
  return wanted === undefined
    ? messages
    : messages.filter((message) => message.to.some((address) => address.toLowerCase() === wanted));
};

/**
 * Starts MailDev. Port 0 picks a free port (tests do that); the handle tells which. Each catcher keeps its raw
 * emails in a temporary folder of its own (MailDev's default is one shared folder, which a `clear()` empties).
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
  // Loaded here: the e2e specs import this module for fetchMail only.
  const { MailDev } = await import('maildev');
  const mailDirectory = await mkdtemp(path.join(tmpdir(), 'studyease-mail-'));
  const maildev = new MailDev({
    smtp: smtpPort,
    web: httpPort,
    ip: host,
    webIp: host,
    mailDirectory,
    maxEmails: MAX_MESSAGES,
    silent: true,
  });
  const { smtp, storage, api } = await maildev.start();
  const actualHttpPort = api?.getPort() ?? 0;

  /** @type {Set<() => void>} */
  const listeners = new Set();
  smtp.on('new', (/** @type {{ subject?: string, to?: MailAddress[] }} */ email) => {
    log(`mail-catcher: caught "${email.subject ?? ''}" for ${(email.to ?? []).map((a) => a.address).join(', ')}`);
    for (const listener of listeners) listener();
  });
  const messages = async () => newestFirst((await storage.getAll()).map((email) => toCaught(email)));

  return {
    smtpPort: smtp.getPort(),
    httpPort: actualHttpPort,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualHttpPort}`,
    messages,
    clear: async () => {
      await smtp.deleteAllEmails();
    },
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        let done = false;
        const check = () => {
          void messages().then((all) => {
            const found = all.find(predicate);
            if (done || found === undefined) return;
            done = true;
            listeners.delete(check);
            clearTimeout(timer);
            resolve(found);
          }, reject);
        };
        const timer = setTimeout(() => {
          done = true;
          listeners.delete(check);
          reject(new Error(`mail-catcher: no matching email within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    stop: async () => {
      await maildev.stop();
      await rm(mailDirectory, { recursive: true, force: true });
    },
  };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const catcher = await startMailCatcher({
    smtpPort: Number(process.env['MAIL_CATCHER_SMTP_PORT'] ?? 1025),
    httpPort: Number(process.env['MAIL_CATCHER_HTTP_PORT'] ?? 1080),
    host: process.env['MAIL_CATCHER_HOST'] ?? '127.0.0.1',
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
