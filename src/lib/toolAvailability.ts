/**
 * Which tools this site can answer (GET /api/tutor/tools, packages/contract's ToolsAvailability), and what a
 * student reads where a tool cannot: the home grid, the tool pages, the app's cards, sidebar and chat.
 */
import type { ToolsAvailability } from '@studyease/contract';
import { getTool, type Tool, TOOL_IDS, type ToolId } from '@/lib/tools';

export type { ToolsAvailability };

/**
 * Availability not known (a build that may go without the backend, `CMS_OPTIONAL=1`; the app before its first
 * answer when the page has none inlined): every tool as the spec has it. Nothing is marked off on a guess, and the
 * backend's own refusal still speaks for a tool it cannot serve.
 */
export const UNKNOWN_AVAILABILITY: ToolsAvailability = {
  tools: Object.fromEntries(
    TOOL_IDS.map((tool) => [tool, { available: true, engine: false, model: false }]),
  ) as ToolsAvailability['tools'],
};

/** @returns whether the site can answer questions with `tool` (true when not known) */
export function isToolAvailable(availability: ToolsAvailability | null, tool: ToolId): boolean {
  return availability?.tools[tool].available ?? true;
}

/** The short label beside a tool that cannot answer here (cards, the sidebar). */
export const UNAVAILABLE_BADGE = 'Not available';

/** What a student reads instead of a question box, and where to go instead. */
export interface UnavailableNotice {
  title: string;
  text: string;
  /** Tools to use instead, available ones only (the solvers, which answer without a model). */
  instead: readonly Tool[];
}

/** The tools a student can use instead of `tool`: the available ones with an offline engine, math first. */
function alternativesTo(tool: ToolId, availability: ToolsAvailability): Tool[] {
  return TOOL_IDS.filter((id) => id !== tool && availability.tools[id].available && availability.tools[id].engine).map(
    getTool,
  );
}

/**
 * The friendly state of a tool this site cannot answer right now (no AI model switched on for it).
 * @returns the notice, or null when the tool is available
 */
export function unavailableNotice(tool: ToolId, availability: ToolsAvailability | null): UnavailableNotice | null {
  if (!availability || isToolAvailable(availability, tool)) return null;
  const { name } = getTool(tool);
  const instead = alternativesTo(tool, availability);
  const hasMath = instead.some((alternative) => alternative.id === 'math-solver');
  const intro = `The ${name} needs an AI model, which this site doesn't have switched on right now.`;
  const next =
    instead.length === 0
      ? 'Please come back later.'
      : tool === 'homework-helper' && hasMath
        ? 'For equations, try the Math Solver. The solvers below work out answers on their own and check them.'
        : 'These tools work without it: they solve problems on their own and check the answers.';
  return { title: `The ${name} isn't available right now`, text: `${intro} ${next}`, instead };
}
