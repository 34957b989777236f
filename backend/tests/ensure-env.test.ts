import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { SECRETS, ensureEnv } from '../scripts/ensure-env.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'studyease-ensure-env-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const parse = (file: string) =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('ensureEnv', () => {
  test('creates .env with every secret when it is missing', () => {
    const envFile = path.join(dir, 'fresh.env');
    assert.deepEqual(ensureEnv({ envFile, env: {} }).sort(), Object.keys(SECRETS).sort());
    const values = parse(envFile);
    assert.deepEqual(Object.keys(values).sort(), Object.keys(SECRETS).sort());
    assert.equal(values['APP_KEYS']?.split(',').length, 4);
    for (const value of Object.values(values)) assert.ok(value.length >= 24);
  });

  test('keeps existing values and changes nothing on the next run', () => {
    const envFile = path.join(dir, 'kept.env');
    writeFileSync(envFile, 'SITE_URL=http://localhost:4321\nJWT_SECRET=keep-me');
    ensureEnv({ envFile, env: {} });
    const first = readFileSync(envFile, 'utf8');
    assert.equal(parse(envFile)['JWT_SECRET'], 'keep-me');
    assert.equal(parse(envFile)['SITE_URL'], 'http://localhost:4321');
    assert.deepEqual(ensureEnv({ envFile, env: {} }), []);
    assert.equal(readFileSync(envFile, 'utf8'), first);
  });

  test('does not write secrets that the environment already provides', () => {
    const envFile = path.join(dir, 'from-env.env');
    const env = Object.fromEntries(Object.keys(SECRETS).map((name) => [name, 'set-elsewhere']));
    assert.deepEqual(ensureEnv({ envFile, env }), []);
  });
});
