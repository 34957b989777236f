import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { fetchMail, startMailCatcher, type MailCatcher } from '../../tools/mail-catcher.mjs';

// The catcher is MailDev (tools/mail-catcher.mjs): these tests hold what the backend tests, the e2e tests and
// `npm start` rely on, through the REST API the e2e tests read (fetchMail) and MailDev's own routes.

const MessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  date: z.string(),
});

let catcher: MailCatcher;
before(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
});
after(async () => {
  await catcher.stop();
});
beforeEach(() => catcher.clear());

const send = (message: { to: string; subject: string; text?: string; html?: string }) =>
  createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false }).sendMail({
    from: '"StudyEase" <no-reply@studyease.test>',
    ...message,
  });

const listMessages = async (filter: { to?: string } = {}) =>
  z.array(MessageSchema).parse(await fetchMail(catcher.url, filter));

describe('startMailCatcher', () => {
  test('listens on free ports when asked for port 0', () => {
    assert.ok(catcher.smtpPort > 0);
    assert.ok(catcher.httpPort > 0);
    assert.equal(catcher.url, `http://127.0.0.1:${catcher.httpPort}`);
  });

  test('fetchMail lists caught mail newest first, with to, subject, text and html', async () => {
    await send({ to: 'first@example.com', subject: 'First', text: 'one' });
    await send({ to: 'second@example.com', subject: 'Second', html: '<p>two</p>', text: 'two' });
    const messages = await listMessages();
    assert.deepEqual(
      messages.map(({ to, subject, text, html }) => ({ to, subject, text: text.trim(), html })),
      [
        { to: ['second@example.com'], subject: 'Second', text: 'two', html: '<p>two</p>' },
        { to: ['first@example.com'], subject: 'First', text: 'one', html: '' },
      ],
    );
    assert.equal(messages[0]?.from, '"StudyEase" <no-reply@studyease.test>');
  });

  test('fetchMail filters by recipient, case-insensitively', async () => {
    await send({ to: 'first@example.com', subject: 'First', text: 'one' });
    await send({ to: 'second@example.com', subject: 'Second', text: 'two' });
    assert.deepEqual(
      (await listMessages({ to: 'SECOND@example.com' })).map((m) => m.subject),
      ['Second'],
    );
  });

  test('DELETE /api/email/all forgets everything', async () => {
    await send({ to: 'first@example.com', subject: 'First', text: 'one' });
    const res = await fetch(`${catcher.url}/api/email/all`, { method: 'DELETE' });
    assert.equal(res.status, 200);
    assert.deepEqual(await listMessages(), []);
  });

  test('waitFor resolves when a matching email arrives', async () => {
    const waiting = catcher.waitFor((m) => m.subject === 'Later', 5000);
    await send({ to: 'x@example.com', subject: 'Later', text: 'hi' });
    assert.equal((await waiting).subject, 'Later');
  });

  test('the page is served, and the HTML part of an email without its scripts', async () => {
    await send({
      to: 'page@example.com',
      subject: '<b>Hi</b>',
      text: 'Open http://site.test/auth/reset-passwrod?code=abc now',
      html: '<p>Open <a href="http://site.test/auth/reset-passwrod?code=abc">the link</a></p><script>alert(1)</script>',
    });
    const res = await fetch(`${catcher.url}/`, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    // The subject is data for the page's script, never markup.
    const [message] = await listMessages();
    assert.equal(message?.subject, '<b>Hi</b>');
    const html = await (await fetch(`${catcher.url}/api/email/${message.id}/html`)).text();
    assert.match(html, /<a href="http:\/\/site\.test\/auth\/reset-passwrod\?code=abc">/);
    assert.doesNotMatch(html, /<script/);
  });
});
