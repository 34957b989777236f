// Runs once before all test files (node --test --test-global-setup): compiles the app into dist/ and prepares
// a database with Strapi's schema already created and the bootstrap applied, which each test backend copies.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../tools/free-port.ts';
import { testEnvironment } from '../../../tools/test-backend/backend.ts';
import {
  TEMPLATE_VARIABLE,
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresUrlFor,
  usesPostgres,
} from '../../../tools/test-backend/database.ts';
import { backendRoot, loadStrapiModule } from '../../../tools/test-backend/strapi-module.ts';

let cleanup: () => Promise<void> = async () => {};

export const globalSetup = async (): Promise<void> => {
  const started = Date.now();
  const { compileStrapi, createStrapi } = loadStrapiModule();
  // The app imports the workspace packages (packages/*) through their compiled dist/; build what is stale first.
  execFileSync('npm', ['run', '-s', 'packages'], { cwd: backendRoot, stdio: 'inherit' });
  // Exits the process with the TypeScript diagnostics printed when the app does not compile.
  await compileStrapi({ appDir: backendRoot });

  const workDir = mkdtempSync(path.join(tmpdir(), 'studyease-backend-template-'));
  const envFile = path.join(workDir, '.env');
  writeFileSync(envFile, '');

  let database: Record<string, string>;
  let template: string;
  if (usesPostgres()) {
    template = `studyease_template_${randomBytes(6).toString('hex')}`;
    await createPostgresDatabase(template);
    database = { DATABASE_CLIENT: 'postgres', DATABASE_URL: postgresUrlFor(template) };
  } else {
    template = path.join(workDir, 'template.db');
    database = { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: template };
  }

  // The template's backend never listens: load() creates the schema and runs every bootstrap.
  const parentEnv = { ...process.env };
  Object.assign(process.env, testEnvironment({ backend: await freePort(), smtp: 1 }, database), { ENV_PATH: envFile });
  const strapi = createStrapi({ appDir: backendRoot, distDir: path.join(backendRoot, 'dist') });
  await strapi.load();
  // Creating the admin account fires an unawaited query (Strapi's admin metrics count users); closing the pool
  // under it leaves PostgreSQL's knex waiting 60 s and then crashing the runner. Let it finish first.
  await sleep(1000);
  await strapi.destroy();
  process.env = parentEnv;

  // Test files are spawned after this and inherit the variable.
  process.env[TEMPLATE_VARIABLE] = template;
  cleanup = async () => {
    if (usesPostgres()) await dropPostgresDatabase(template);
    rmSync(workDir, { recursive: true, force: true });
  };
  console.log(`global setup: compiled and prepared the template database in ${Date.now() - started} ms`);
};

export const globalTeardown = async (): Promise<void> => {
  await cleanup();
};
