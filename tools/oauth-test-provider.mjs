#!/usr/bin/env node
// A local OAuth2 provider for development and tests, so that social sign-in can be tried and tested without the
// internet or a real provider account. The backend registers it as the users-permissions provider
// `studyease-test` only when OAUTH_TEST_PROVIDER_URL points at it.
//
//   GET  /authorize   the authorization-code grant's consent step: a page with the identity to sign in as
//                     (username, email) and Approve/Deny buttons; with auto-approve, or `email` in the query, it
//                     redirects to redirect_uri?code=…&state=… at once
//   POST /authorize   the page's form
//   POST /token       code → { access_token, token_type: 'Bearer', expires_in } (client_secret_post or _basic)
//   GET  /userinfo    Authorization: Bearer <access_token> → { sub, username, email, email_verified, name }
//
// Everything lives in memory; codes are single-use and expire after a minute, tokens after an hour. Any
// http(s) redirect_uri is accepted (the backend's port is not known in advance): never expose this server.
//
// Ours, not oauth2-mock-server (issue #12 looked): its /authorize redirects at once, with no consent page for the
// e2e tests' Approve/Deny and chosen identity, and it checks neither client secrets nor single-use codes.
//
// Usage: node tools/oauth-test-provider.mjs (`npm run oauth-test-provider`), or import startOAuthTestProvider.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The client credentials the backend uses (src/bootstrap/oauth-test-provider.ts has the same values). */
export const OAUTH_TEST_CLIENT_ID = 'studyease-test';
export const OAUTH_TEST_CLIENT_SECRET = 'studyease-test-secret';

/** Whom the provider signs in when nobody says otherwise. */
export const DEFAULT_OAUTH_TEST_IDENTITY = Object.freeze({
  username: 'oauth-tester',
  email: 'oauth-tester@studyease.test',
});

const CODE_LIFETIME_MS = 60_000;
const TOKEN_LIFETIME_S = 3600;
/** Bodies larger than this are refused: the forms and token requests here are a few hundred bytes. */
const MAX_BODY_BYTES = 16_384;

/**
 * @typedef {object} OAuthTestIdentity
 * @property {string} username
 * @property {string} email
 */

/**
 * @typedef {object} OAuthTestProvider
 * @property {string} url - base URL, e.g. http://127.0.0.1:41234 (the value of OAUTH_TEST_PROVIDER_URL)
 * @property {number} port
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {() => OAuthTestIdentity} identity - whom an auto-approved authorization signs in
 * @property {(identity: OAuthTestIdentity) => void} setIdentity - changes it, e.g. for a test's own user
 * @property {(identity?: OAuthTestIdentity) => string} issueToken - an access token straight away, bypassing the
 *   browser flow (tests use it to show that the backend refuses provider tokens it did not obtain itself)
 * @property {() => Promise<void>} stop
 */

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
const sendJson = (res, status, body, headers = {}) => {
  // no-store: token responses must never be cached (RFC 6749 §5.1).
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} title
 * @param {string} body - HTML, already escaped
 */
const sendPage = (res, status, title, body) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
  label { display: block; margin: 0.75rem 0; }
  input { display: block; width: 100%; box-sizing: border-box; padding: 0.4rem; font: inherit; }
  button { font: inherit; padding: 0.4rem 1rem; margin-right: 0.5rem; }
  .note { color: #555; font-size: 0.9rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`);
};

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<URLSearchParams>} the urlencoded (or JSON object) body
 */
const readForm = async (req) => {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    /** @type {unknown} */
    const parsed = JSON.parse(text);
    const params = new URLSearchParams();
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === 'string') params.set(key, value);
      }
    }
    return params;
  }
  return new URLSearchParams(text);
};

/**
 * @param {string} a
 * @param {string} b
 */
const sameSecret = (a, b) => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

/**
 * @param {string | null} value
 * @returns {URL | null} the redirect_uri when it is an absolute http(s) URL without a fragment (RFC 6749 §3.1.2)
 */
const parseRedirectUri = (value) => {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' ? url : null;
  } catch {
    return null;
  }
};

/**
 * @param {string | null} username
 * @param {string | null} email
 * @returns {OAuthTestIdentity | string} the identity, or what is wrong with it
 */
const checkIdentity = (username, email) => {
  const name = (username ?? '').trim();
  const address = (email ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return 'email must be an email address';
  return { username: name === '' ? (address.split('@')[0] ?? address) : name, email: address };
};

/**
 * Starts the provider. Port 0 picks a free port (tests do that); the handle tells which.
 *
 * @param {{
 *   port?: number,
 *   host?: string,
 *   clientId?: string,
 *   clientSecret?: string,
 *   identity?: OAuthTestIdentity,
 *   autoApprove?: boolean,
 *   log?: (line: string) => void,
 * }} [options] - autoApprove skips the consent page and signs in `identity` at once (tests); without it, a
 *   person picks the identity on the page (development by hand, browser tests)
 * @returns {Promise<OAuthTestProvider>}
 */
export const startOAuthTestProvider = async ({
  port = 0,
  host = '127.0.0.1',
  clientId = OAUTH_TEST_CLIENT_ID,
  clientSecret = OAUTH_TEST_CLIENT_SECRET,
  identity = DEFAULT_OAUTH_TEST_IDENTITY,
  autoApprove = false,
  log = () => {},
} = {}) => {
  const initial = checkIdentity(identity.username, identity.email);
  if (typeof initial === 'string') throw new Error(`oauth-test-provider: ${initial}`);
  let current = initial;

  /** @type {Map<string, { clientId: string, redirectUri: string, identity: OAuthTestIdentity, expires: number }>} */
  const codes = new Map();
  /** @type {Map<string, { identity: OAuthTestIdentity, expires: number }>} */
  const tokens = new Map();

  /** @param {OAuthTestIdentity} who */
  const issueToken = (who) => {
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { identity: { ...who }, expires: Date.now() + TOKEN_LIFETIME_S * 1000 });
    return token;
  };

  /**
   * Ends the consent step: back to the client with a code, or with the error the client should show.
   *
   * @param {import('node:http').ServerResponse} res
   * @param {URL} redirectUri
   * @param {string | null} state
   * @param {{ identity: OAuthTestIdentity } | { error: string, description: string }} outcome
   */
  const finish = (res, redirectUri, state, outcome) => {
    const target = new URL(redirectUri.href);
    if ('identity' in outcome) {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        clientId,
        redirectUri: redirectUri.href,
        identity: outcome.identity,
        expires: Date.now() + CODE_LIFETIME_MS,
      });
      target.searchParams.set('code', code);
      log(`oauth-test-provider: approved ${outcome.identity.email}`);
    } else {
      target.searchParams.set('error', outcome.error);
      target.searchParams.set('error_description', outcome.description);
    }
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.href, 'cache-control': 'no-store' });
    res.end();
  };

  /**
   * GET and POST /authorize. Errors about the client or the redirect_uri are shown here rather than sent to the
   * redirect_uri, which cannot be trusted then (RFC 6749 §4.1.2.1).
   *
   * @param {URLSearchParams} params
   * @param {boolean} submitted - the consent form was posted
   * @param {import('node:http').ServerResponse} res
   */
  const authorize = (params, submitted, res) => {
    if (params.get('client_id') !== clientId) {
      return sendPage(res, 400, 'Unknown client', `<p>client_id must be <code>${escapeHtml(clientId)}</code>.</p>`);
    }
    const redirectUri = parseRedirectUri(params.get('redirect_uri'));
    if (redirectUri === null) {
      return sendPage(res, 400, 'Invalid redirect_uri', '<p>redirect_uri must be an absolute http(s) URL.</p>');
    }
    const state = params.get('state');
    if (!submitted && params.get('response_type') !== 'code') {
      return finish(res, redirectUri, state, {
        error: 'unsupported_response_type',
        description: 'Only the authorization code grant is supported',
      });
    }
    if (submitted && params.get('decision') !== 'approve') {
      return finish(res, redirectUri, state, { error: 'access_denied', description: 'The user denied access' });
    }
    // The identity comes from the form, from the query (a test calling /authorize itself), or is the default.
    const given = params.get('email') !== null;
    if (submitted || given || autoApprove) {
      const who = given || submitted ? checkIdentity(params.get('username'), params.get('email')) : current;
      if (typeof who === 'string') {
        return finish(res, redirectUri, state, { error: 'invalid_request', description: who });
      }
      return finish(res, redirectUri, state, { identity: who });
    }
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
      .filter((name) => params.get(name) !== null)
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
      .join('\n  ');
    return sendPage(
      res,
      200,
      'Sign in to StudyEase test provider',
      `<p class="note">A local OAuth2 provider for development and tests. Approve to sign in as:</p>
<form method="post" action="/authorize">
  ${hidden}
  <label>Username <input name="username" value="${escapeHtml(current.username)}" autocomplete="off"></label>
  <label>Email <input name="email" type="email" value="${escapeHtml(current.email)}" autocomplete="off" required></label>
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form>`,
    );
  };

  /**
   * POST /token: the authorization code grant only.
   *
   * @param {URLSearchParams} form
   * @param {string | undefined} authorization - the Authorization header (client_secret_basic)
   * @param {import('node:http').ServerResponse} res
   */
  const token = (form, authorization, res) => {
    let id = form.get('client_id') ?? '';
    let secret = form.get('client_secret') ?? '';
    if (authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    if (id !== clientId || !sameSecret(secret, clientSecret)) {
      return sendJson(
        res,
        401,
        { error: 'invalid_client', error_description: 'Unknown client or wrong secret' },
        {
          'www-authenticate': 'Basic realm="oauth-test-provider"',
        },
      );
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Use authorization_code' });
    }
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    // Single use: a code is gone after its first exchange, successful or not.
    codes.delete(code);
    if (grant === undefined || grant.expires < Date.now()) {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Unknown, used or expired code' });
    }
    if (grant.clientId !== id || grant.redirectUri !== form.get('redirect_uri')) {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' });
    }
    return sendJson(res, 200, {
      access_token: issueToken(grant.identity),
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_S,
      scope: 'openid email profile',
    });
  };

  /**
   * GET /userinfo
   *
   * @param {string | undefined} authorization
   * @param {import('node:http').ServerResponse} res
   */
  const userinfo = (authorization, res) => {
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    const grant = tokens.get(bearer);
    if (grant === undefined || grant.expires < Date.now()) {
      return sendJson(
        res,
        401,
        { error: 'invalid_token', error_description: 'Unknown or expired access token' },
        {
          'www-authenticate': 'Bearer error="invalid_token"',
        },
      );
    }
    const { username, email } = grant.identity;
    return sendJson(res, 200, {
      // Stable per email, as a real provider's subject is per account.
      sub: createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24),
      username,
      preferred_username: username,
      name: username,
      email,
      email_verified: true,
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { authorization } = req.headers;
    const handle = async () => {
      if (url.pathname === '/authorize' && req.method === 'GET') return authorize(url.searchParams, false, res);
      if (url.pathname === '/authorize' && req.method === 'POST') return authorize(await readForm(req), true, res);
      if (url.pathname === '/token' && req.method === 'POST') return token(await readForm(req), authorization, res);
      if (url.pathname === '/userinfo' && (req.method === 'GET' || req.method === 'POST')) {
        return userinfo(authorization, res);
      }
      if (url.pathname === '/' && req.method === 'GET') {
        return sendPage(
          res,
          200,
          'StudyEase OAuth2 test provider',
          `<p>Endpoints: <code>/authorize</code>, <code>/token</code>, <code>/userinfo</code>.
Client id <code>${escapeHtml(clientId)}</code>; default identity ${escapeHtml(current.email)}.</p>`,
        );
      }
      return sendJson(res, 404, { error: 'not_found' });
    };
    handle().catch((/** @type {unknown} */ error) => {
      if (!res.headersSent) {
        sendJson(res, 400, {
          error: 'invalid_request',
          error_description: error instanceof Error ? error.message : 'Bad request',
        });
      } else {
        res.destroy();
      }
    });
  });

  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    clientId,
    clientSecret,
    identity: () => ({ ...current }),
    setIdentity: (next) => {
      const checked = checkIdentity(next.username, next.email);
      if (typeof checked === 'string') throw new Error(`oauth-test-provider: ${checked}`);
      current = checked;
    },
    issueToken: (who = current) => issueToken(who),
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const provider = await startOAuthTestProvider({
    port: Number(process.env.OAUTH_TEST_PROVIDER_PORT ?? 1090),
    host: process.env.OAUTH_TEST_PROVIDER_HOST ?? '127.0.0.1',
    identity: {
      username: process.env.OAUTH_TEST_USERNAME ?? DEFAULT_OAUTH_TEST_IDENTITY.username,
      email: process.env.OAUTH_TEST_EMAIL ?? DEFAULT_OAUTH_TEST_IDENTITY.email,
    },
    autoApprove: process.env.OAUTH_TEST_PROVIDER_AUTO_APPROVE === 'true',
    log: (line) => console.log(line),
  });
  console.log(
    `oauth-test-provider: listening at ${provider.url}; start the backend with OAUTH_TEST_PROVIDER_URL=${provider.url}`,
  );
  const shutdown = () => {
    provider.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
