import { TOOLS } from '@/lib/tools';
import Icon from './Icon';

/** /app: the five tools and, once signed in (issue #3, #5), recent conversations. */
export default function Dashboard() {
  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Your study tools</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Pick a tool to start a new conversation.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TOOLS.map((tool) => (
          <li key={tool.id}>
            <a
              href={`/app/${tool.id}`}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 transition hover:border-primary-300 hover:shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:hover:border-primary-700"
            >
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
                <Icon name={tool.icon} className="size-5" />
              </span>
              <span className="mt-3 font-semibold text-slate-900 dark:text-white">{tool.name}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">{tool.summary}</span>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-700 dark:text-primary-300">
                <Icon name="plus" className="size-4" /> New conversation
              </span>
            </a>
          </li>
        ))}
      </ul>
      <section aria-labelledby="recent-heading" className="mt-12">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Recent conversations
        </h2>
        <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Your conversations will appear here once you start one.
        </p>
      </section>
    </div>
  );
}
