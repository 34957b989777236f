import { TOOL_IDS, type ToolId, type ToolsAvailability } from '@studyease/contract';
import { engineFor } from '@studyease/tutor';
import type { TutorConfig } from './config';

/**
 * Which tools this server can answer, from its configuration: a tool with an offline engine always answers (the
 * engine first, the model for the rest when there is one); a tool without one (homework helper, translator) only
 * with a model. GET /api/tutor/tools sends it, so the site marks a tool it cannot serve instead of advertising it.
 *
 * @param hasEngine - whether the tool has an offline engine (tests may pass their own)
 */
export function toolAvailability(
  config: Pick<TutorConfig, 'model'>,
  hasEngine: (tool: ToolId) => boolean = (tool) => engineFor(tool) !== undefined,
): ToolsAvailability {
  const model = config.model !== null;
  const entries = TOOL_IDS.map((tool) => {
    const engine = hasEngine(tool);
    return [tool, { available: engine || model, engine, model }] as const;
  });
  return { tools: Object.fromEntries(entries) as ToolsAvailability['tools'] };
}
