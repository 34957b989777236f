import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { saveSecret } from '../../scripts/secrets.mjs';
import { statusText } from '../../scripts/start.mjs';

let work = '';

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'studyease-secrets-'));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('saveSecret', () => {
  test('keeps a secret readable by its owner only, even over an older file that was not', async () => {
    const dir = join(work, 'secrets');
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(join(dir, 'rebuild-secret'), 'old');
    chmodSync(join(dir, 'rebuild-secret'), 0o644);
    const file = await saveSecret('rebuild-secret', 's3cret', dir);
    expect(file).toBe(join(dir, 'rebuild-secret'));
    expect(readFileSync(file, 'utf8')).toBe('s3cret\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe('statusText', () => {
  test('the rebuild secret is not written to the log: the status command reads its file', () => {
    const secret = 'Zm9vYmFyLXNlY3JldC12YWx1ZQ';
    const file = join(work, 'rebuild-secret');
    writeFileSync(file, secret);
    const text = statusText({
      siteUrl: 'http://localhost:4321',
      backendUrl: 'http://localhost:1337',
      mail: 'http://localhost:1080',
      rebuildHookUrl: 'http://localhost:4321/__rebuild',
      secretFile: file,
    });
    expect(text).not.toContain(secret);
    expect(text).toContain(`Authorization: Bearer $(cat ${file})`);
  });
});
