import { useStore } from '@nanostores/react';
import Icon from '@/components/app/Icon';
import { unavailableNotice } from '@/lib/toolAvailability';
import type { ToolId } from '@/lib/tools';
import { $toolAvailability } from '@/stores/toolAvailability';

/** @returns whether the site can answer `tool` now, as far as the app knows (stores/toolAvailability.ts) */
export function useToolAvailable(tool: ToolId): boolean {
  return unavailableNotice(tool, useStore($toolAvailability)) === null;
}

/**
 * The chat's friendly state for a tool this site cannot answer (no AI model switched on for it): in place of the
 * question box and the examples, why, in a student's words, and links to the tools that work without it.
 */
export default function ToolUnavailable({ tool }: { tool: ToolId }) {
  const notice = unavailableNotice(tool, useStore($toolAvailability));
  if (!notice) return null;
  return (
    <section
      aria-labelledby="tool-unavailable-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
      data-tool-unavailable={tool}
    >
      <h2 id="tool-unavailable-heading" className="font-semibold">
        {notice.title}
      </h2>
      <p className="mt-1 text-sm">{notice.text}</p>
      {notice.instead.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2">
          {notice.instead.map((other) => (
            <li key={other.id}>
              <a href={`/app/${other.id}`} className="btn-outline bg-white px-3 py-1.5 text-sm dark:bg-slate-900">
                <Icon name={other.icon} className="size-4" /> {other.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
