import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { type AppRoute } from '@/lib/appRoute';
import { getTool } from '@/lib/tools';
import { pageTitle } from '@/lib/pageTitle';
import { $newBuildAvailable, watchBuilds } from '@/stores/build';
import { ensureVisitor } from '@/stores/visitor';
import Dashboard from './Dashboard';
import NotFoundView from './NotFoundView';
import Sidebar from './Sidebar';
import SignInRequired from './SignInRequired';
import { useAppRoute } from './useAppRoute';

function routeTitle(route: AppRoute): string | undefined {
  switch (route.kind) {
    case 'dashboard':
      return 'Dashboard';
    case 'tool':
    case 'conversation':
      return getTool(route.tool).name;
    case 'not-found':
      return undefined;
  }
}

/** The signed-in app at /app/**: one pre-rendered page that routes on the client (spec §2). */
export default function AppShell() {
  const route = useAppRoute();
  const newBuild = useStore($newBuildAvailable);

  useEffect(() => {
    // The visitor id serves anonymous usage limits; computed once, where the app starts (spec §1).
    ensureVisitor().catch((error: unknown) => console.warn('[visitor] fingerprint unavailable', error));
    return watchBuilds();
  }, []);

  useEffect(() => {
    document.title = pageTitle({
      title: routeTitle(route),
      pathname: location.pathname,
      statusCode: route.kind === 'not-found' ? 404 : undefined,
    });
  }, [route]);

  return (
    <div className="flex w-full flex-1 flex-col md:flex-row" data-app-route={route.kind}>
      <Sidebar route={route} />
      <main id="main" className="flex flex-1 flex-col p-6 md:p-10">
        {route.kind === 'dashboard' && <Dashboard />}
        {(route.kind === 'tool' || route.kind === 'conversation') && <SignInRequired tool={route.tool} />}
        {route.kind === 'not-found' && <NotFoundView path={route.path} />}
      </main>
      {newBuild && (
        <div
          role="status"
          className="fixed right-4 bottom-4 z-toast flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-white dark:text-slate-900"
        >
          A new version of StudyEase is available.
          <button type="button" className="font-semibold underline" onClick={() => location.reload()}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
