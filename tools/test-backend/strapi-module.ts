// Loads @strapi/strapi from the backend's own node_modules. The package is CommonJS with an ESM build that does
// not load in an ES module context like the tests and these tools; createRequire gives the CommonJS entry the CLI
// uses.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The backend folder (a sibling of tools/, where this file lives in test-backend/). */
export const backendRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'backend');

/** The members of a Strapi instance the tests use; Strapi's own types live in the app's CommonJS world. */
export interface StrapiInstance {
  /** A plugin's services, e.g. users-permissions' `user`. */
  plugin(name: string): { service(name: string): unknown };
  store(params: { type: string; name: string }): { get(params: { key: string }): Promise<unknown> };
  db: {
    query(uid: string): {
      findMany(params?: unknown): Promise<unknown>;
      findOne(params?: unknown): Promise<unknown>;
      count(params?: unknown): Promise<number>;
      create(params: { data: Record<string, unknown> }): Promise<unknown>;
    };
  };
  /** The Document Service, the layer the admin panel and the REST API write through. */
  documents(uid: string): {
    create(params: { data: Record<string, unknown>; status?: 'draft' | 'published' }): Promise<unknown>;
    update(params: {
      documentId: string;
      data: Record<string, unknown>;
      status?: 'draft' | 'published';
    }): Promise<unknown>;
    delete(params: { documentId: string }): Promise<unknown>;
  };
  config: { get(path: string): unknown };
  load(): Promise<unknown>;
  listen(): Promise<void>;
  destroy(): Promise<void>;
}

interface StrapiModule {
  createStrapi: (options: { appDir: string; distDir: string }) => StrapiInstance;
  compileStrapi: (options: { appDir: string }) => Promise<{ appDir: string; distDir: string }>;
}

/**
 * @returns `createStrapi` and `compileStrapi` from the backend's @strapi/strapi
 */
export const loadStrapiModule = (): StrapiModule => {
  const require = createRequire(path.join(backendRoot, 'package.json'));
  // The module is untyped from here; StrapiModule names the two functions used.
  return require('@strapi/strapi') as StrapiModule;
};
