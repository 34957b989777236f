// The hostile requests of `npm run fuzz` and of tests/fuzz.test.ts, and how their answers are judged. Request `i`
// of seed `s` is drawn from its own PRNG (seeded with s and i), so one request can be rebuilt alone (`--seed s
// --index i`) whatever ran before it, and a run is the same on every machine.
//
// A good answer is a 2xx, or a 4xx whose body is JSON (a HEAD, or a 405/404 of an unknown method, may have none);
// a bad one is a 5xx, a 4xx with another body, or no answer at all. The backend must keep answering /_health.
import { createHmac, randomBytes } from 'node:crypto';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { prng } from '../../tools/prng.ts';

/** What a run needs from the backend under test: a signed-in user and ids of things that user owns. */
export interface FuzzFixtures {
  url: string;
  /** A valid jwt of the fuzzing user. */
  jwt: string;
  /** The users-permissions JWT_SECRET when known (own backend): for expired tokens that are otherwise valid. */
  jwtSecret: string | null;
  /** A conversation of the fuzzing user, and an assistant message in it. */
  conversationId: string;
  messageId: string;
  /** A published article's documentId, and a legal page's. */
  articleId: string;
  legalPageId: string;
}

export type RouteGroup = 'auth' | 'tutor' | 'chat' | 'content' | 'health' | 'unknown';

/** One request, fully built (body already serialised), and where it came from for the report. */
export interface FuzzRequest {
  index: number;
  group: RouteGroup;
  /** The route it aims at, e.g. `POST /api/tutor/solve`. */
  route: string;
  /** What was done to it, e.g. `body: JSON nested 10,000 deep`. */
  mutation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface FuzzOutcome {
  request: FuzzRequest;
  /** HTTP status, or null when the request got no answer. */
  status: number | null;
  /** Why this answer is bad, or null when it is fine. */
  problem: string | null;
  /** The start of the answer's body (for the report). */
  excerpt: string;
}

/** @returns a seed for request `index` of run `seed` (independent of the other requests) */
const requestSeed = (seed: number, index: number): number => {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ index, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
};

interface Random {
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

const random = (seed: number): Random => {
  const next = prng(seed);
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: <T,>(items: readonly T[]): T => items[int(items.length)] as T,
    chance: (p: number) => next() < p,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** @returns an HS256 jwt of `payload` signed with `secret` */
export const signJwt = (payload: Record<string, unknown>, secret: string, header = { alg: 'HS256', typ: 'JWT' }) => {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

/** Tokens that must all be refused (401/403), never a 500. */
const hostileTokens = (fixtures: FuzzFixtures, r: Random): { label: string; token: string }[] => {
  const [header = '', payload = '', signature = ''] = fixtures.jwt.split('.');
  const now = Math.floor(Date.now() / 1000);
  const decoded = (() => {
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  const foreignSecret = 'not-the-backend-secret';
  const secret = fixtures.jwtSecret;
  return [
    { label: 'garbage', token: 'garbage' },
    { label: 'random letters', token: 'x'.repeat(1 + r.int(40)) },
    { label: 'empty', token: '' },
    { label: 'three dots', token: '...' },
    { label: 'alg none', token: `${base64url('{"alg":"none","typ":"JWT"}')}.${payload}.` },
    { label: 'alg none, admin id', token: `${base64url('{"alg":"none"}')}.${base64url('{"id":1}')}.` },
    {
      label: 'edited payload (id 1)',
      token: `${header}.${base64url(JSON.stringify({ ...decoded, id: 1 }))}.${signature}`,
    },
    {
      label: 'edited payload (id string)',
      token: `${header}.${base64url(JSON.stringify({ ...decoded, id: "1' OR 1=1" }))}.${signature}`,
    },
    { label: 'signature cut', token: `${header}.${payload}.${signature.slice(0, 10)}` },
    { label: 'signed with another secret', token: signJwt({ ...decoded, iat: now }, foreignSecret) },
    {
      label: 'expired, another secret',
      token: signJwt({ ...decoded, iat: now - 7200, exp: now - 3600 }, foreignSecret),
    },
    { label: 'HS512 header, HS256 signature', token: signJwt(decoded, foreignSecret, { alg: 'HS512', typ: 'JWT' }) },
    { label: 'RS256 header', token: signJwt(decoded, foreignSecret, { alg: 'RS256', typ: 'JWT' }) },
    { label: 'payload not JSON', token: `${header}.${base64url('not json')}.${signature}` },
    { label: 'payload array', token: `${header}.${base64url('[1,2,3]')}.${signature}` },
    { label: 'header not JSON', token: `${base64url('{{{')}.${payload}.${signature}` },
    { label: 'huge token', token: `${header}.${'A'.repeat(200_000)}.${signature}` },
    { label: 'unicode', token: 'ёжик.💥.\u202e' },
    ...(secret === null
      ? []
      : [
          { label: 'expired (right secret)', token: signJwt({ ...decoded, iat: now - 7200, exp: now - 3600 }, secret) },
          { label: 'unknown user (right secret)', token: signJwt({ id: 987_654_321, iat: now }, secret) },
          { label: 'id as object (right secret)', token: signJwt({ id: { $gt: 0 }, iat: now }, secret) },
          { label: 'id as string (right secret)', token: signJwt({ id: '1 OR 1=1', iat: now }, secret) },
          { label: 'id negative float (right secret)', token: signJwt({ id: -1.5, iat: now }, secret) },
          { label: 'no id (right secret)', token: signJwt({ iat: now }, secret) },
          { label: 'nbf in future (right secret)', token: signJwt({ ...decoded, nbf: now + 3600 }, secret) },
        ]),
  ];
};

const HUGE_NUMBERS = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1 + 0.2, 2 ** 53, 4.9e-324] as const;

/** JSON text for values JSON.stringify cannot write (NaN, 1e400, 400-digit integers). */
const RAW_NUMBERS = ['1e400', '-1e400', '9'.repeat(400), '0.' + '0'.repeat(400) + '1', '-0', '1E+99999'] as const;

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '💥'.repeat(1000),
  '\u202e\u200b\ufeff',
  'Ａｄｍｉｎ',
  "'; DROP TABLE users; --",
  '{{7*7}}',
  '${process.exit()}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '__proto__',
  'constructor',
  'x'.repeat(100_000),
  'null',
  'undefined',
  'NaN',
  '[object Object]',
] as const;

/** A value of any JSON type, sometimes deep or odd. */
const wrongValue = (r: Random, depth = 0): unknown => {
  switch (r.int(depth > 2 ? 7 : 10)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick(HUGE_NUMBERS);
    case 3:
      return r.int(2_000_000_000) - 1_000_000_000;
    case 4:
      return r.pick(WEIRD_STRINGS);
    case 5:
      return 'x'.repeat(r.int(5000));
    case 6:
      return {};
    case 7:
      return [wrongValue(r, depth + 1), wrongValue(r, depth + 1)];
    case 8:
      return { $gt: '', $ne: null, __proto__: { admin: true }, nested: wrongValue(r, depth + 1) };
    default:
      return Array.from({ length: r.int(50) }, () => wrongValue(r, depth + 1));
  }
};

const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A (possibly) valid body for the route, for mutations to start from. */
type Template = Record<string, unknown>;

/** One way to break a body. Returns the raw bytes and the content type to send them with. */
interface BodyMutation {
  label: string;
  build(r: Random, template: Template): { body: Buffer | string; contentType?: string | null };
}

const TEN_MB = 10 * 1024 * 1024;

const BODY_MUTATIONS: readonly BodyMutation[] = [
  { label: 'valid body', build: (_r, t) => ({ body: JSON.stringify(t) }) },
  {
    label: 'field with a wrong type',
    build: (r, t) => {
      const keys = Object.keys(t);
      const key = keys.length > 0 ? r.pick(keys) : 'field';
      return { body: JSON.stringify({ ...t, [key]: wrongValue(r) }) };
    },
  },
  {
    label: 'every field a wrong type',
    build: (r, t) => ({ body: JSON.stringify(Object.fromEntries(Object.keys(t).map((k) => [k, wrongValue(r)]))) }),
  },
  {
    label: 'missing field',
    build: (r, t) => {
      const copy = { ...t };
      const keys = Object.keys(copy);
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- dropping one field at random is the case
      if (keys.length > 0) delete copy[r.pick(keys)];
      return { body: JSON.stringify(copy) };
    },
  },
  { label: 'empty object', build: () => ({ body: '{}' }) },
  {
    label: 'extra fields',
    build: (r, t) => ({
      body: JSON.stringify({
        ...t,
        role: 1,
        id: 1,
        documentId: 'x',
        user: 1,
        confirmed: true,
        blocked: false,
        provider: 'local',
        isAdmin: true,
        extra: wrongValue(r),
      }),
    }),
  },
  {
    label: 'prototype pollution',
    build: (_r, t) => ({
      body: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(t).slice(1)}`,
    }),
  },
  { label: 'JSON array', build: (_r, t) => ({ body: JSON.stringify([t]) }) },
  { label: 'JSON string', build: () => ({ body: '"hello"' }) },
  { label: 'JSON number', build: () => ({ body: '42' }) },
  { label: 'JSON null', build: () => ({ body: 'null' }) },
  { label: 'JSON true', build: () => ({ body: 'true' }) },
  { label: 'empty body', build: () => ({ body: '' }) },
  {
    label: 'truncated JSON',
    build: (r, t) => {
      const s = JSON.stringify(t);
      return { body: s.slice(0, Math.max(1, r.int(s.length))) };
    },
  },
  {
    label: 'invalid JSON',
    build: (r) => ({
      body: r.pick(['{', '}', '{"a":}', "{'a':1}", '{"a":1,}', 'NaN', '{"a":undefined}', '\u0000', '[,]']),
    }),
  },
  {
    label: 'duplicate keys',
    build: (_r, t) => {
      const s = JSON.stringify(t);
      return { body: `{${s.slice(1, -1)}${s.length > 2 ? ',' : ''}${s.slice(1, -1)}}` };
    },
  },
  {
    label: 'huge numbers',
    build: (r, t) => {
      const keys = Object.keys(t);
      const key = keys.length > 0 ? r.pick(keys) : 'n';
      return { body: `{${JSON.stringify(key)}:${r.pick(RAW_NUMBERS)}}` };
    },
  },
  { label: 'JSON nested 10,000 deep (arrays)', build: () => ({ body: `{"a":${deepArray(10_000)}}` }) },
  { label: 'JSON nested 10,000 deep (objects)', build: () => ({ body: deepObject(10_000) }) },
  { label: 'JSON nested 100,000 deep', build: () => ({ body: deepArray(100_000) }) },
  {
    label: 'body of 10 MB (JSON string)',
    build: (_r, t) => ({
      body: `{${JSON.stringify(t).slice(1, -1)}${Object.keys(t).length > 0 ? ',' : ''}"pad":"${'a'.repeat(TEN_MB)}"}`,
    }),
  },
  {
    label: 'body of 10 MB (one field)',
    build: (r, t) => {
      const keys = Object.keys(t);
      const key = keys.length > 0 ? r.pick(keys) : 'pad';
      return { body: JSON.stringify({ ...t, [key]: 'b'.repeat(TEN_MB) }) };
    },
  },
  { label: 'body of 10 MB (not JSON)', build: () => ({ body: Buffer.alloc(TEN_MB, 0x41) }) },
  {
    label: '1,000,000 keys',
    build: () => ({ body: `{${Array.from({ length: 200_000 }, (_, i) => `"k${i}":${i}`).join(',')}}` }),
  },
  {
    label: 'invalid UTF-8',
    build: (_r, t) => {
      const s = JSON.stringify(t);
      const cut = Math.max(1, s.indexOf('"', 2));
      return {
        body: Buffer.concat([
          Buffer.from(s.slice(0, cut + 1)),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          Buffer.from(s.slice(cut + 1)),
        ]),
      };
    },
  },
  { label: 'invalid UTF-8 only', build: () => ({ body: Buffer.from([0xc0, 0xaf, 0xff, 0xfe, 0xfd, 0x80]) }) },
  {
    label: 'UTF-16 body',
    build: (_r, t) => ({
      body: Buffer.from(`\ufeff${JSON.stringify(t)}`, 'utf16le'),
      contentType: 'application/json; charset=utf-16',
    }),
  },
  {
    label: 'unknown charset',
    build: (_r, t) => ({ body: JSON.stringify(t), contentType: 'application/json; charset=klingon' }),
  },
  {
    label: 'lone surrogates',
    build: (_r, t) => ({
      body: JSON.stringify(Object.fromEntries(Object.keys(t).map((k) => [k, '\\ud800x\\udfff']))).replaceAll(
        '\\\\',
        '\\',
      ),
    }),
  },
  {
    label: 'form-encoded',
    build: (_r, t) => ({
      body: new URLSearchParams(Object.entries(t).map(([k, v]): [string, string] => [k, String(v)])).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }),
  },
  {
    label: 'form-encoded, deep qs',
    build: () => ({
      body: `a${'[b]'.repeat(5000)}=1&c[]=${'x'.repeat(100)}`,
      contentType: 'application/x-www-form-urlencoded',
    }),
  },
  {
    label: 'form-encoded, 100,000 params',
    build: () => ({
      body: Array.from({ length: 100_000 }, (_, i) => `a[${i}]=1`).join('&'),
      contentType: 'application/x-www-form-urlencoded',
    }),
  },
  {
    label: 'multipart',
    build: (_r, t) => {
      const b = 'fuzzboundary';
      return {
        body: `--${b}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${JSON.stringify(t)}\r\n--${b}\r\ncontent-disposition: form-data; name="files"; filename="../../x.sh"\r\ncontent-type: application/x-sh\r\n\r\n#!/bin/sh\r\n--${b}--\r\n`,
        contentType: `multipart/form-data; boundary=${b}`,
      };
    },
  },
  {
    label: 'multipart, broken',
    build: () => ({
      body: '--x\r\ncontent-disposition: form-data\r\n\r\n',
      contentType: 'multipart/form-data; boundary=x',
    }),
  },
  { label: 'multipart, no boundary', build: () => ({ body: 'anything', contentType: 'multipart/form-data' }) },
  { label: 'text/plain JSON', build: (_r, t) => ({ body: JSON.stringify(t), contentType: 'text/plain' }) },
  {
    label: 'XML',
    build: () => ({
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      contentType: 'application/xml',
    }),
  },
  { label: 'no content type', build: (_r, t) => ({ body: JSON.stringify(t), contentType: null }) },
  {
    label: 'odd content type',
    build: (r, t) => ({
      body: JSON.stringify(t),
      contentType: r.pick([
        'application/json; charset',
        'application/json;;;',
        '*/*',
        'application/vnd.api+json',
        'application/csp-report',
        'application/merge-patch+json',
        '\u00ff/\u00ff',
        'image/png',
        'application/octet-stream',
        'application/json, text/html',
      ]),
    }),
  },
  {
    label: 'gzip declared, not gzipped',
    build: (_r, t) => ({ body: JSON.stringify(t), contentType: 'application/json' }),
  },
];

/** Paths a `:id` can be replaced with. */
const HOSTILE_IDS = [
  '..',
  '../',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fadmin',
  '..%252f..%252f',
  '%2e%2e',
  '....//....//etc/passwd',
  '..\\..\\windows',
  '%00',
  '%ff',
  '%c0%ae%c0%ae%2f',
  '%',
  '%zz',
  '%uD800',
  '0',
  '-1',
  '1e400',
  '99999999999999999999999999',
  '1.5',
  'NaN',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '%27%20OR%201%3D1--',
  '$where',
  '%7B%22%24gt%22%3A%22%22%7D',
  '*',
  '%20',
  'a'.repeat(10_000),
  encodeURIComponent('💥'),
  encodeURIComponent('ｄｏｃｕｍｅｎｔ'),
  'id;rm -rf /',
  '..;/',
] as const;

/** Query strings: deep qs nesting, arrays, operators, pagination abuse. */
const hostileQuery = (r: Random): string => {
  const queries = [
    () => `filters${'[a]'.repeat(1000)}=1`,
    () => `filters${'[$and][0]'.repeat(200)}[id]=1`,
    () => `populate${'[x][populate]'.repeat(300)}=*`,
    () => 'populate=*',
    () => 'populate[createdBy]=*&populate[updatedBy]=*',
    () => 'populate=createdBy,updatedBy,localizations',
    () => 'fields[0]=password&fields[1]=resetPasswordToken',
    () => 'filters[createdBy][password][$startsWith]=$',
    () => 'filters[$or][0][password][$null]=false',
    () => 'filters[id][$gt]=0&filters[id][$in]=' + Array.from({ length: 5000 }, (_, i) => i).join(','),
    () => Array.from({ length: 20_000 }, (_, i) => `a[${i}]=1`).join('&'),
    () => `a[${'9'.repeat(40)}]=1`,
    () => 'sort=password:asc',
    () => 'sort[0][$where]=1',
    () => `sort=${'x'.repeat(5000)}:desc`,
    () => 'sort=title:sideways',
    () => 'status=draft',
    () => 'status[$ne]=published',
    () => 'publicationState=preview&status=draft',
    () => 'locale=../../etc',
    () => 'locale[]=*',
    () => 'pagination[page]=-1&pagination[pageSize]=-1',
    () => 'pagination[pageSize]=100000000000000000000',
    () => 'pagination[page]=1e400&pagination[limit]=-1&pagination[start]=NaN',
    () => 'pagination[withCount]=maybe',
    () => 'page=0&pageSize=0',
    () => 'page=-1&pageSize=1e400',
    () => 'page[]=1&pageSize[a]=2',
    () => 'page=NaN&pageSize=Infinity',
    () => 'page=1.5&pageSize=99999999999999999999999',
    () => `page=${'9'.repeat(400)}`,
    () => 'filters[slug][$eq]=%ff%fe',
    () => 'filters[slug][$regex]=(a+)+$',
    () => 'filters[slug][$containsi]=%00',
    () => 'filters[__proto__][polluted]=1',
    () => '__proto__[polluted]=1&constructor[prototype][polluted]=1',
    () => 'confirmation[$ne]=x',
    () => 'confirmation=' + 'a'.repeat(10_000),
    () => 'confirmation=%ff%fe%fd',
    () => 'code[]=a&code[]=b',
    () => '%',
    () => '%%%%',
    () => '&&&==&=',
    () => 'q=%00%ED%A0%80',
    () => 'a=1&a=2&a[b]=3',
  ];
  return r.pick(queries)();
};

/** Pathological questions and answers for the tutor. */
const TUTOR_QUESTIONS = [
  '2^(10^10)',
  '10^10^10^10',
  '9^9^9^9^9',
  '(((((((((((((((((((((((((((((((((((x)))))))))))))))))))))))))))))))))))',
  '('.repeat(10_000) + 'x' + ')'.repeat(10_000),
  '('.repeat(1000) + '1+' + ')'.repeat(1000),
  '['.repeat(2000) + '2' + ']'.repeat(2000),
  '{'.repeat(1999) + 'x',
  ')'.repeat(1999),
  '((x+1)',
  'x+1))=2',
  '(]',
  Array.from({ length: 50 }, (_, i) => `${i + 1}x^${50 - i}`).join(' + ') + ' = 0',
  'expand (' + Array.from({ length: 50 }, (_, i) => `x^${i}`).join('+') + ')^50',
  'factor ' + Array.from({ length: 50 }, (_, i) => `${(i * 7) % 13}x^${i}`).join(' - '),
  '1000000!',
  '(10^100)!',
  '99999999999999999999!',
  '(-1)!',
  '0.5!!!!!!!!!!',
  'x!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!! = 3',
  'derivative of ' + 'sin('.repeat(500) + 'x' + ')'.repeat(500),
  'integral of e^(x^x^x^x)',
  'integrate 1/(x^1000000 + 1) dx',
  'limit of (1+1/n)^(n^n) as n -> oo',
  'solve x^' + '9'.repeat(300) + ' = 1',
  'x = 1e400',
  '1/0',
  '0/0',
  'log(0)',
  'sqrt(-1)^sqrt(-1)',
  'ｘ＾２ − ５ｘ ＋ ６ ＝ ０',
  'х^2 - 5х + 6 = 0',
  'x² − 5x + 6 = 0',
  '𝑥^2 − 5𝑥 + 6 = 0',
  'x\u200b^2 - 5x + 6 = 0',
  '\u202ex^2 - 5x + 6 = 0',
  'x^2 − 5x + 6 ＝ 0 ⁄ 0',
  'Ⅻ + ⅷ = ?',
  '١٢٣ + ٤٥٦',
  'sin(x) = 2 for all x',
  'x = x + 1',
  '='.repeat(1000),
  '+'.repeat(1999),
  '-'.repeat(1999) + '1',
  '^'.repeat(1999),
  'x'.repeat(1999),
  '1'.repeat(1999),
  '0.' + '3'.repeat(1997),
  '1e999999999 * 1e999999999',
  '2**2**2**2**2**2**2**2**2**2',
  'm = 1e308 kg, a = 1e308 m/s^2, F = ?',
  'm = -0 kg, a = NaN m/s^2, F = ?',
  'v = 3e8 m/s, c = ?, E = mc^2 with m = 10^(10^10) kg',
  'A car accelerates from 0 to ' + '9'.repeat(500) + ' m/s in 0 s. What is its acceleration?',
  'H2 + O2 -> H2O'.repeat(100),
  'C' + '9'.repeat(300) + 'H' + '9'.repeat(300),
  '((((((((((((((((((((H2O)99)99)99)99)99)99)99)99)99)99)99)99)99)99)99)99)99)99)99)99',
  'Uuo999999999 + Xx -> ?',
  'molar mass of ' + 'H2SO4'.repeat(300),
  'balance ' + Array.from({ length: 60 }, (_, i) => `C${i + 1}H${2 * i + 4}`).join(' + ') + ' -> CO2 + H2O',
  '<script>alert(1)</script>',
  '${constructor.constructor("return process")().exit()}',
  'import("fs").then(f=>f.rmSync("/",{recursive:true}))',
  '\u0000\u0001\u0002',
  '\ud800',
  '   ',
] as const;

const TOOLS = ['math-solver', 'physics-solver', 'chemistry-solver', 'translator', 'homework-helper'] as const;

// ---------------------------------------------------------------------------------------------------------------
// The routes

interface RouteSpec {
  group: RouteGroup;
  method: string;
  /** `:id`, `:messageId`, `:documentId` and `:provider` are filled in. */
  path: string;
  /** Whether it takes a body worth mutating. */
  body?: (r: Random) => Template;
  /** Whether it needs the fuzzing user's jwt to get past authentication. */
  auth?: boolean;
}

const account = (r: Random): Template => ({
  username: r.pick(['fuzzer', 'Fuzzer', 'Ｆｕｚｚｅｒ', 'admin', 'a']),
  email: r.pick(['fuzzer@example.com', 'not-an-email', 'a@b', 'FUZZER@EXAMPLE.COM', 'ｆｕｚｚｅｒ@example.com']),
  password: r.pick(['Secret-pass1', '', 'a', 'x'.repeat(200)]),
});

const ROUTES: readonly RouteSpec[] = [
  {
    group: 'auth',
    method: 'POST',
    path: '/api/auth/local',
    body: (r) => ({
      identifier: r.pick(['fuzzer@example.com', 'nobody', '']),
      password: r.pick(['Secret-pass1', 'wrong']),
    }),
  },
  { group: 'auth', method: 'POST', path: '/api/auth/local/register', body: account },
  {
    group: 'auth',
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: (r) => ({ email: r.pick(['fuzzer@example.com', 'nobody@example.com', 'bad']) }),
  },
  {
    group: 'auth',
    method: 'POST',
    path: '/api/auth/reset-password',
    body: (r) => ({
      code: r.pick(['abc', '', 'x'.repeat(500)]),
      password: 'Secret-pass2',
      passwordConfirmation: r.pick(['Secret-pass2', 'other']),
    }),
  },
  {
    group: 'auth',
    method: 'POST',
    path: '/api/auth/change-password',
    auth: true,
    body: (r) => ({
      currentPassword: r.pick(['wrong', 'Secret-pass1x']),
      password: 'Secret-pass2',
      passwordConfirmation: r.pick(['Secret-pass2', 'other']),
    }),
  },
  {
    group: 'auth',
    method: 'POST',
    path: '/api/auth/send-email-confirmation',
    body: (r) => ({ email: r.pick(['fuzzer@example.com', 'nobody@example.com', 'bad']) }),
  },
  { group: 'auth', method: 'GET', path: '/api/auth/email-confirmation' },
  { group: 'auth', method: 'GET', path: '/api/users/me', auth: true },
  { group: 'auth', method: 'GET', path: '/api/users' },
  { group: 'auth', method: 'GET', path: '/api/connect/:provider' },
  { group: 'auth', method: 'GET', path: '/api/connect/:provider/callback' },
  { group: 'auth', method: 'GET', path: '/api/auth/:provider/callback' },
  {
    group: 'tutor',
    method: 'POST',
    path: '/api/tutor/solve',
    body: (r) => ({ tool: r.pick(TOOLS), question: r.pick(TUTOR_QUESTIONS) }),
  },
  {
    group: 'tutor',
    method: 'POST',
    path: '/api/tutor/check',
    body: (r) => ({ tool: r.pick(TOOLS), question: r.pick(TUTOR_QUESTIONS), answer: r.pick(TUTOR_QUESTIONS) }),
  },
  {
    group: 'tutor',
    method: 'POST',
    path: '/api/tutor/practice',
    body: (r) => ({ tool: r.pick(TOOLS), question: r.pick(TUTOR_QUESTIONS) }),
  },
  { group: 'chat', method: 'GET', path: '/api/conversations', auth: true },
  {
    group: 'chat',
    method: 'POST',
    path: '/api/conversations',
    auth: true,
    body: (r) => ({ tool: r.pick(TOOLS), title: r.pick(WEIRD_STRINGS) }),
  },
  { group: 'chat', method: 'GET', path: '/api/conversations/:id', auth: true },
  {
    group: 'chat',
    method: 'PUT',
    path: '/api/conversations/:id',
    auth: true,
    body: (r) => ({ title: r.pick(WEIRD_STRINGS) }),
  },
  { group: 'chat', method: 'DELETE', path: '/api/conversations/:id', auth: true },
  { group: 'chat', method: 'GET', path: '/api/conversations/:id/messages', auth: true },
  {
    group: 'chat',
    method: 'POST',
    path: '/api/conversations/:id/messages',
    auth: true,
    body: (r) => ({ text: r.pick(TUTOR_QUESTIONS), options: { from: 'en', to: r.pick(['de', '', '💥']) } }),
  },
  { group: 'chat', method: 'POST', path: '/api/conversations/:id/messages/:messageId/retry', auth: true },
  { group: 'content', method: 'GET', path: '/api/articles' },
  { group: 'content', method: 'GET', path: '/api/articles/:documentId' },
  { group: 'content', method: 'POST', path: '/api/articles', body: () => ({ data: { title: 'x', body: 'y' } }) },
  { group: 'content', method: 'PUT', path: '/api/articles/:documentId', body: () => ({ data: { title: 'x' } }) },
  { group: 'content', method: 'DELETE', path: '/api/articles/:documentId' },
  { group: 'content', method: 'GET', path: '/api/plans' },
  { group: 'content', method: 'GET', path: '/api/plans/:documentId' },
  { group: 'content', method: 'GET', path: '/api/legal-pages' },
  { group: 'content', method: 'GET', path: '/api/legal-pages/:documentId' },
  { group: 'content', method: 'GET', path: '/api/chat-limits' },
  { group: 'content', method: 'POST', path: '/api/chat-limits', body: () => ({ freeDailyQuestions: 1e9 }) },
  { group: 'health', method: 'GET', path: '/_health' },
  { group: 'unknown', method: 'GET', path: '/api/:documentId' },
  { group: 'unknown', method: 'GET', path: '/:documentId' },
];

/** @returns the number of distinct routes a run covers (every one at least once every this many requests) */
export const ROUTE_COUNT = ROUTES.length;

const ODD_METHODS = [
  'PATCH',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
  'DELETE',
  'PUT',
  'GET',
  'POST',
  'FUZZ',
  'M-SEARCH',
  'LOCK',
] as const;

const routeLabel = (spec: RouteSpec): string => `${spec.method} ${spec.path}`;

/**
 * Builds request `index` of run `seed`. Every ROUTE_COUNT consecutive requests cover every route once; what is
 * done to each is drawn at random.
 */
export const buildRequest = (seed: number, index: number, fixtures: FuzzFixtures): FuzzRequest => {
  const r = random(requestSeed(seed, index));
  const spec = ROUTES[index % ROUTES.length] as RouteSpec;
  const mutations: string[] = [];
  let method = spec.method;
  const headers: Record<string, string> = {
    accept: r.chance(0.9) ? 'application/json' : r.pick(['text/event-stream', 'text/html', '*/*', '💥/💥']),
  };

  // Path parameters: mostly the real ones (so the handler runs), else hostile ones.
  const hostileId = r.chance(0.5);
  const id = (real: string): string => (hostileId ? r.pick(HOSTILE_IDS) : real);
  if (hostileId && /:(id|messageId|documentId|provider)/.test(spec.path)) mutations.push('hostile id');
  let path = spec.path
    .replace(':id', id(fixtures.conversationId))
    .replace(':messageId', id(fixtures.messageId))
    .replace(':provider', hostileId ? r.pick(HOSTILE_IDS) : r.pick(['github', 'google', 'studyease-test', 'nope']))
    .replace(':documentId', id(r.chance(0.5) ? fixtures.articleId : fixtures.legalPageId));

  // Authentication: the valid jwt most of the time on routes that need it, else a hostile token or none.
  const tokenRoll = r.next();
  if (spec.auth === true && tokenRoll < 0.6) headers['authorization'] = `Bearer ${fixtures.jwt}`;
  else if (tokenRoll < 0.85) {
    const token = r.pick(hostileTokens(fixtures, r));
    headers['authorization'] = r.chance(0.9)
      ? `Bearer ${token.token}`
      : r.pick([`Basic ${token.token}`, token.token, 'Bearer', 'Bearer  ', `bearer ${token.token} ${token.token}`]);
    mutations.push(`jwt: ${token.label}`);
  }

  if (r.chance(0.3)) {
    path += `${path.includes('?') ? '&' : '?'}${hostileQuery(r)}`;
    mutations.push('hostile query');
  }
  // What a client cannot put in a request line at all (spaces, controls, non-ASCII) goes percent-encoded.
  path = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));

  if (r.chance(0.08)) {
    method = r.pick(ODD_METHODS);
    mutations.push(`method ${method}`);
  }

  let body: Buffer | null = null;
  const sendsBody = method !== 'GET' && method !== 'HEAD' && method !== 'TRACE';
  if (sendsBody && (spec.body !== undefined || r.chance(0.3))) {
    const mutation = r.pick(BODY_MUTATIONS);
    const built = mutation.build(r, spec.body?.(r) ?? {});
    body = Buffer.isBuffer(built.body) ? built.body : Buffer.from(built.body, 'utf8');
    const contentType = built.contentType === undefined ? 'application/json' : built.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
    if (mutation.label.startsWith('gzip')) headers['content-encoding'] = 'gzip';
    mutations.push(`body: ${mutation.label}`);
  }
  if (r.chance(0.03)) {
    headers['x-forwarded-for'] = r.pick(['💥', '1.1.1.1, 2.2.2.2', 'x'.repeat(8000), 'unknown']);
    mutations.push('odd x-forwarded-for');
  }
  if (r.chance(0.03)) {
    headers['x-visitor-id'] = 'v'.repeat(r.int(20_000));
    mutations.push('long x-visitor-id');
  }

  return {
    index,
    group: spec.group,
    route: routeLabel(spec),
    mutation: mutations.length > 0 ? mutations.join(', ') : 'none',
    method,
    path,
    headers,
    body,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Sending and judging

/** Longest a single request may take before it counts as a failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

const describeError = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name === 'TimeoutError' ? 'timed out' : error.message}${cause}`;
};

/**
 * Sends one request and judges the answer. node:http rather than fetch: fetch refuses methods such as TRACE and
 * header values beyond Latin-1, and reports a server that answers early (413 or 431 before a 10 MB body is
 * written) and closes the connection as a write error rather than with its answer.
 * @returns the status (null: no answer) and the problem with it, if any
 */
export const send = (url: string, request: FuzzRequest): Promise<FuzzOutcome> =>
  new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, problem: string | null, excerpt: string) => {
      if (settled) return;
      settled = true;
      resolve({ request, status, problem, excerpt });
    };
    // Header values go out as their UTF-8 bytes, as a hostile client would send them.
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Buffer.from(value, 'utf8').toString('latin1')]),
    );
    if (request.body !== null) headers['content-length'] = String(request.body.length);
    // The path goes out as it is: a URL would resolve its `../` before sending.
    const origin = new URL(url);
    let req: ClientRequest;
    try {
      req = httpRequest({
        hostname: origin.hostname,
        port: origin.port,
        path: request.path,
        method: request.method,
        headers,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      finish(null, `not sent: ${describeError(error)}`, '');
      return;
    }
    req.on('response', (res) => {
      const contentType = res.headers['content-type'] ?? '';
      // An SSE answer is read until it ends (so that its work is done before the next request), up to 1 MB.
      const limit = contentType.startsWith('text/event-stream') ? 1 << 20 : 64 * 1024;
      const chunks: Buffer[] = [];
      let size = 0;
      const judge = () => {
        const status = res.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8');
        let problem: string | null = null;
        // A body cut at the limit cannot be parsed: its content type has to do.
        const truncated = size >= limit;
        if (status >= 500) problem = `${status}`;
        // What Node's parser refuses (headers over 16 KB: 431, a malformed header: 400) is answered before any
        // handler, with the JSON envelope when the chunk the parser failed on shows the method; when the request
        // began in an earlier chunk the server cannot tell a HEAD (whose client must get no body) and answers
        // without a body and with `Connection: close` (src/utils/request-guard.ts).
        else if ((status === 431 || status === 400) && text === '' && res.headers.connection === 'close') {
          problem = null;
        } else if (status >= 400 && request.method !== 'HEAD') {
          let json: boolean;
          try {
            if (!truncated) JSON.parse(text);
            json = contentType.includes('json');
          } catch {
            json = false;
          }
          if (!json) problem = `${status} without a JSON body (content-type ${contentType || 'none'})`;
        }
        finish(status, problem, text.slice(0, 200));
      };
      res.on('data', (chunk: Buffer) => {
        if (size < limit) chunks.push(chunk);
        size += chunk.length;
        if (size >= limit) {
          res.destroy();
          judge();
        }
      });
      res.on('end', judge);
      res.on('error', judge);
      res.on('close', judge);
    });
    req.on('error', (error) => finish(null, `no answer: ${describeError(error)}`, ''));
    if (request.body === null) req.end();
    else {
      // The server may answer and close before the body is written; that is its answer, not a failure.
      req.on('error', () => undefined);
      req.end(request.body);
    }
  });

/** @returns null when /_health answers 204, else what went wrong */
export const checkHealth = async (url: string): Promise<string | null> => {
  try {
    const res = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    return res.status === 204 ? null : `/_health answered ${res.status}`;
  } catch (error) {
    return `/_health: ${describeError(error)}`;
  }
};

/** A request as one line for the report (and a curl-ish hint to replay it by hand). */
export const describeRequest = (request: FuzzRequest): string => {
  const path =
    request.path.length > 160 ? `${request.path.slice(0, 160)}… (${request.path.length} chars)` : request.path;
  const body =
    request.body === null
      ? ''
      : ` body ${request.body.length} B${request.body.length <= 120 ? ` ${JSON.stringify(request.body.toString('utf8'))}` : ''}`;
  return `#${request.index} ${request.method} ${path} [${request.route}; ${request.mutation}]${body}`;
};

// ---------------------------------------------------------------------------------------------------------------
// A run

export interface FuzzRun {
  outcomes: FuzzOutcome[];
  /** Failed health checks, with the index of the request after which each ran. */
  healthFailures: { after: number; problem: string }[];
}

/**
 * Sends requests `from`…`to - 1` of run `seed`, `concurrency` at a time, checking /_health every `healthEvery`.
 * @param onProgress - called after each request (for a progress line)
 */
export const runFuzz = async (options: {
  fixtures: FuzzFixtures;
  seed: number;
  indexes: readonly number[];
  concurrency: number;
  healthEvery: number;
  onProgress?: (done: number) => void;
}): Promise<FuzzRun> => {
  const { fixtures, seed, indexes, concurrency, healthEvery } = options;
  const outcomes: FuzzOutcome[] = [];
  const healthFailures: FuzzRun['healthFailures'] = [];
  let next = 0;
  let sinceHealth = 0;
  let healthChain: Promise<void> = Promise.resolve();
  const worker = async (): Promise<void> => {
    while (next < indexes.length) {
      const index = indexes[next] as number;
      next += 1;
      outcomes.push(await send(fixtures.url, buildRequest(seed, index, fixtures)));
      options.onProgress?.(outcomes.length);
      sinceHealth += 1;
      if (sinceHealth >= healthEvery) {
        sinceHealth = 0;
        healthChain = healthChain.then(async () => {
          const problem = await checkHealth(fixtures.url);
          if (problem !== null) healthFailures.push({ after: index, problem });
        });
        await healthChain;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => worker()));
  const last = await checkHealth(fixtures.url);
  if (last !== null) healthFailures.push({ after: indexes.at(-1) ?? -1, problem: last });
  outcomes.sort((a, b) => a.request.index - b.request.index);
  return { outcomes, healthFailures };
};

/**
 * Prepares a backend for fuzzing: registers a user, opens a conversation with one failed answer to retry, and
 * finds a published article and legal page.
 * @throws when the backend does not let it (email confirmation on, auth rate limit too low)
 */
export const prepareFixtures = async (url: string, jwtSecret: string | null): Promise<FuzzFixtures> => {
  const json = async (
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, body: text };
    }
  };
  const id = randomBytes(5).toString('hex');
  const registered = await json('POST', '/api/auth/local/register', {
    username: `fuzz-${id}`,
    email: `fuzz-${id}@example.com`,
    password: 'Secret-pass1',
  });
  const jwt = (registered.body as { jwt?: unknown } | null)?.jwt;
  if (registered.status !== 200 || typeof jwt !== 'string') {
    throw new Error(
      `Registering the fuzzing user failed (${registered.status}: ${JSON.stringify(registered.body).slice(0, 300)}); ` +
        'the backend needs EMAIL_CONFIRMATION=false and a high AUTH_RATE_LIMIT_MAX',
    );
  }
  const conversation = await json('POST', '/api/conversations', { tool: 'math-solver' }, jwt);
  const conversationId = (conversation.body as { data?: { documentId?: unknown } } | null)?.data?.documentId;
  if (typeof conversationId !== 'string') throw new Error(`POST /api/conversations answered ${conversation.status}`);
  // One question, so that there is an assistant message to retry (and to retry hostilely).
  const sent = await fetch(`${url}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ text: 'x^2-5x+6=0' }),
  });
  await sent.text();
  const messages = await json('GET', `/api/conversations/${conversationId}/messages`, undefined, jwt);
  const assistant = ((messages.body as { data?: { role?: string; documentId?: string }[] } | null)?.data ?? []).find(
    (message) => message.role === 'assistant',
  );
  const firstId = async (path: string): Promise<string> => {
    const res = await json('GET', path);
    const documentId = (res.body as { data?: { documentId?: unknown }[] } | null)?.data?.[0]?.documentId;
    return typeof documentId === 'string' ? documentId : 'no-such-document';
  };
  return {
    url,
    jwt,
    jwtSecret,
    conversationId,
    messageId: assistant?.documentId ?? 'no-such-message',
    articleId: await firstId('/api/articles'),
    legalPageId: await firstId('/api/legal-pages'),
  };
};

/** Counts per route group and status, as rows of a table (status columns sorted). */
export const statusTable = (outcomes: readonly FuzzOutcome[]): string[][] => {
  const statuses = [...new Set(outcomes.map((o) => (o.status === null ? 'none' : String(o.status))))].sort();
  const groups = [...new Set(outcomes.map((o) => o.request.group))];
  const header = ['group', 'requests', ...statuses, 'bad'];
  const row = (label: string, subset: readonly FuzzOutcome[]): string[] => [
    label,
    String(subset.length),
    ...statuses.map((status) =>
      String(subset.filter((o) => (o.status === null ? 'none' : String(o.status)) === status).length),
    ),
    String(subset.filter((o) => o.problem !== null).length),
  ];
  return [
    header,
    ...groups.map((group) =>
      row(
        group,
        outcomes.filter((o) => o.request.group === group),
      ),
    ),
    row('all', outcomes),
  ];
};

/** @returns the rows as a Markdown table, numbers right-aligned */
export const formatTable = (rows: readonly string[][]): string => {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...body.map(line)].join('\n');
};
