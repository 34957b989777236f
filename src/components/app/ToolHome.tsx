import { getTool, type ToolId } from '@/lib/tools';
import Icon from './Icon';

interface ToolHomeProps {
  tool: ToolId;
  conversationId?: string;
}

/** /app/{tool}: what the tool does and what to ask it. The conversation itself arrives with the chat (issue #5). */
export default function ToolHome({ tool, conversationId }: ToolHomeProps) {
  const { name, summary, icon, topics } = getTool(tool);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
        <Icon name={icon} className="size-6" />
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{summary}</p>
      {conversationId && (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          Conversation <code>{conversationId}</code>
        </p>
      )}
      <h2 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">What you can ask</h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {topics.map((topic) => (
          <li
            key={topic}
            className="flex gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
          >
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-300" />
            {topic}
          </li>
        ))}
      </ul>
    </div>
  );
}
