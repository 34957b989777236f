import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { staticImportGraph } from '@/integrations/staticImports';

describe('staticImportGraph', () => {
  test('follows imports and re-exports of built chunks, not dynamic imports', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'studyease-static-imports-'));
    mkdirSync(join(dist, '_astro'));
    const chunks: Record<string, string> = {
      // A page's entry that only re-exports its chunk group's module (what chunkGroups.ts makes of AppShell).
      'Entry.a.js': 'export{t as default}from"./shell.b.js";',
      'shell.b.js':
        'import{a as e}from"./react.c.js";import"./site.d.js";const l=()=>import("./Later.e.js");export{l as t};',
      'react.c.js': 'export*from"./runtime.f.js";',
      'site.d.js': 'console.log(1);',
      'runtime.f.js': 'export const a=1;',
      'Later.e.js': 'export default 1;',
    };
    for (const [name, body] of Object.entries(chunks)) writeFileSync(join(dist, '_astro', name), body);
    const graph = await staticImportGraph(dist, ['/_astro/Entry.a.js']);
    expect([...graph.keys()].sort()).toEqual(
      ['Entry.a.js', 'react.c.js', 'runtime.f.js', 'shell.b.js', 'site.d.js'].map((name) => `/_astro/${name}`),
    );
  });
});
