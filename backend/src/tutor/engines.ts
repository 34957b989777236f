import type { Engine, ToolId } from './contract';

/**
 * The offline engines, loaded on first use: their rule sets and CAS libraries are heavy, and the backend must
 * start in seconds. `require` (not `import`) keeps them out of the start-up path.
 */
const loaders: Partial<Record<ToolId, () => Engine>> = {
  'math-solver': () => (require('./math') as { mathEngine: Engine }).mathEngine,
  'physics-solver': () => (require('./physics') as { physicsEngine: Engine }).physicsEngine,
  'chemistry-solver': () => (require('./chemistry') as { chemistryEngine: Engine }).chemistryEngine,
};

const loaded = new Map<ToolId, Engine>();

/**
 * @param tool a tool id
 * @returns the tool's offline engine, or undefined for tools that only a model can serve (translator, homework helper)
 */
export function engineFor(tool: ToolId): Engine | undefined {
  const cached = loaded.get(tool);
  if (cached) return cached;
  const load = loaders[tool];
  if (!load) return undefined;
  const engine = load();
  loaded.set(tool, engine);
  return engine;
}
