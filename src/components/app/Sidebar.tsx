import type { AppRoute } from '@/lib/appRoute';
import { TOOLS } from '@/lib/tools';
import Icon from './Icon';

interface SidebarProps {
  route: AppRoute;
}

/** The app's tool navigation: a column on wide screens, a scrolling row on phones. */
export default function Sidebar({ route }: SidebarProps) {
  const active = route.kind === 'tool' || route.kind === 'conversation' ? route.tool : null;
  return (
    <nav
      aria-label="Study tools"
      className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:p-4">
        <li>
          <a
            href="/app"
            aria-current={route.kind === 'dashboard' ? 'page' : undefined}
            className={linkClass(route.kind === 'dashboard')}
          >
            <Icon name="home" className="size-5 shrink-0" />
            Dashboard
          </a>
        </li>
        {TOOLS.map((tool) => (
          <li key={tool.id}>
            <a
              href={`/app/${tool.id}`}
              aria-current={active === tool.id ? 'page' : undefined}
              className={linkClass(active === tool.id)}
            >
              <Icon name={tool.icon} className="size-5 shrink-0" />
              {tool.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function linkClass(current: boolean): string {
  const base = 'flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium';
  return current
    ? `${base} bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200`
    : `${base} text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800`;
}
