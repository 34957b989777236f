import { getTool, type ToolId } from '@/lib/tools';

/** Lower case without accents, so "resume" finds "Résumé". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Whether a conversation matches what the student typed in the history's search box: every word of the query
 * appears in its title or its tool's name ("chemistry h2o").
 *
 * @param conversation - its title (null: not named yet) and tool
 * @param query - the search box's text
 * @returns true for an empty query
 */
export function matchesHistorySearch(conversation: { title: string | null; tool: ToolId }, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const haystack = fold(`${conversation.title ?? ''} ${getTool(conversation.tool).name}`);
  return words.every((word) => haystack.includes(word));
}
