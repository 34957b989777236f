import { useStore } from '@nanostores/react';
import { Suspense, useEffect } from 'react';
import Toaster from '@/components/ui/Toaster';
import type { AppRoute } from '@/lib/appRoute';
import { pageTitle } from '@/lib/pageTitle';
import { readSessionToken } from '@/lib/sessionCookie';
import { getTool } from '@/lib/tools';
import { saveAuthRedirect } from '@/stores/authRedirect';
import { $newBuildAvailable, watchBuilds } from '@/stores/build';
import { $chat, openConversation } from '@/stores/chat';
import { rendererSettled } from '@/stores/renderer';
import { $sessionUnreachable, $user, startSession } from '@/stores/session';
import { $appRoute, followAppLink } from '@/stores/router';
import { ensureVisitor } from '@/stores/visitor';
import NotFoundView from './NotFoundView';
import { pageChunk } from './pageChunk';
import Sidebar from './Sidebar';

// Each page of the app is its own chunk, so a first load fetches the shell and the one page it shows (issue #15: at
// most 150 KB gzipped). The chat's Markdown and maths renderer comes after its first paint (stores/renderer.ts).
const { Page: ChatView, preload: loadChatView } = pageChunk(() => import('@/components/chat/ChatView'));
const { Page: Dashboard, preload: loadDashboard } = pageChunk(() => import('./Dashboard'));
const { Page: AccountPage, preload: loadAccountPage } = pageChunk(() => import('./AccountPage'));
const { Page: PracticePage, preload: loadPracticePage } = pageChunk(() => import('@/components/practice/PracticePage'));

/**
 * Starts the session check and loading the route's page at once, rather than one after the other once React has
 * drawn the shell; a saved conversation's messages too, when there is a session to ask with (ChatView then finds
 * them loading or loaded; without a valid session the app goes to sign-in anyway).
 */
function preloadRoute(route: AppRoute): void {
  if (route.kind === 'not-found') return;
  // The session check too: the shell's effect below then shares this call (startSession makes one at a time).
  void startSession();
  const failed = (error: unknown) => console.warn('[app] page chunk unavailable', error);
  if (route.kind === 'tool' || route.kind === 'conversation') {
    loadChatView().catch(failed);
    void rendererSettled();
    if (route.kind === 'conversation' && readSessionToken()) void openConversation(route.id);
  } else if (route.kind === 'dashboard') loadDashboard().catch(failed);
  else if (route.kind === 'practice') loadPracticePage().catch(failed);
  else loadAccountPage().catch(failed);
}
preloadRoute($appRoute.get());

/**
 * Runs `task` `delayMs` after now, at a moment the browser has nothing more urgent to do (or 5 s later at most).
 * @returns a function that cancels it
 */
function laterWhenIdle(task: () => void, delayMs: number): () => void {
  let cancelIdle = () => {};
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: 5000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      // Safari before 18 has no requestIdleCallback.
      task();
    }
  }, delayMs);
  return () => {
    clearTimeout(timer);
    cancelIdle();
  };
}

/**
 * FingerprintJS takes about half a second of a phone's main thread, and nothing on the first screen needs the visitor
 * id: it is computed once the page the student opened is drawn and has had a few seconds to be read and scrolled.
 */
const VISITOR_ID_DELAY_MS = 4000;

function routeTitle(route: AppRoute): string | undefined {
  switch (route.kind) {
    case 'dashboard':
      return 'Dashboard';
    case 'account':
      return 'Account';
    case 'practice':
      return 'Practice';
    case 'tool':
    case 'conversation':
      return getTool(route.tool).name;
    case 'not-found':
      return undefined;
  }
}

function PageLoading({ what }: { what: string }) {
  return (
    <p role="status" className="m-auto text-slate-600 dark:text-slate-400">
      Loading {what}…
    </p>
  );
}

/**
 * The signed-in app at /app/**: one pre-rendered page that routes on the client (spec §2). Every route needs a
 * session (spec §6): without one the path is saved and the browser goes to sign-in, which brings it back here.
 */
export default function AppShell() {
  const route = useStore($appRoute);
  const newBuild = useStore($newBuildAvailable);
  // From the store, not the shell's own answer: when the backend comes back and another island's call (the header's)
  // loads the student, the page appears instead of staying on "Loading your workspace…".
  const signedIn = useStore($user) !== null;
  const unreachable = useStore($sessionUnreachable);

  useEffect(() => watchBuilds(), []);

  // A saved conversation is on screen once it has loaded (stores/chat.ts waits for the renderer too). Only the phase:
  // the shell is not drawn again for every streamed piece of an answer.
  const drawn = useStore($chat, { keys: ['phase'] }).phase !== 'loading';
  useEffect(() => {
    if (!signedIn || !drawn) return;
    // The visitor id serves anonymous usage limits; computed once, where the app starts (spec §1), but after the
    // first screen (issue #15).
    return laterWhenIdle(() => {
      ensureVisitor().catch((error: unknown) => console.warn('[visitor] fingerprint unavailable', error));
    }, VISITOR_ID_DELAY_MS);
  }, [signedIn, drawn]);

  useEffect(() => {
    if (route.kind === 'not-found') return;
    void startSession().then((user) => {
      if (user) return;
      // No answer from the backend: say so and keep the session, rather than sending a signed-in student to sign in.
      if ($sessionUnreachable.get()) return;
      saveAuthRedirect(`${location.pathname}${location.search}${location.hash}`);
      location.replace('/auth/login');
    });
  }, [route.kind]);

  useEffect(() => {
    // The top bar's Dashboard button (a separate island, components/account) hides itself on the dashboard.
    document.documentElement.dataset['appRoute'] = route.kind;
    document.title = pageTitle({
      title: routeTitle(route),
      pathname: location.pathname,
      statusCode: route.kind === 'not-found' ? 404 : undefined,
    });
  }, [route]);

  return (
    // Delegation, not a control: the links inside keep their own keyboard behaviour.
    <div
      className="flex w-full flex-1 flex-col md:flex-row"
      data-app-route={route.kind}
      onClick={(event) => followAppLink(event.nativeEvent)}
    >
      <Sidebar route={route} signedIn={signedIn} />
      <main
        id="main"
        className={`flex min-w-0 flex-1 flex-col px-4 pt-6 sm:px-6 md:px-10 ${
          route.kind === 'tool' || route.kind === 'conversation' ? '' : 'pb-10'
        }`}
      >
        {route.kind === 'not-found' ? (
          <NotFoundView path={route.path} />
        ) : !signedIn && unreachable ? (
          <div role="alert" className="m-auto max-w-md text-center">
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">StudyEase cannot be reached</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              Your work is safe. Check your connection; if it is fine, our service is down for a moment.
            </p>
            <button type="button" className="btn-primary mt-4" onClick={() => location.reload()}>
              Try again
            </button>
          </div>
        ) : !signedIn ? (
          <p role="status" className="m-auto text-slate-600 dark:text-slate-400">
            Loading your workspace…
          </p>
        ) : route.kind === 'dashboard' ? (
          <Suspense fallback={<PageLoading what="your dashboard" />}>
            <Dashboard />
          </Suspense>
        ) : route.kind === 'practice' ? (
          <Suspense fallback={<PageLoading what="your practice" />}>
            <PracticePage />
          </Suspense>
        ) : route.kind === 'account' ? (
          <Suspense fallback={<PageLoading what="your account" />}>
            <AccountPage />
          </Suspense>
        ) : (
          <Suspense fallback={<PageLoading what="the chat" />}>
            <ChatView tool={route.tool} {...(route.kind === 'conversation' ? { conversationId: route.id } : {})} />
          </Suspense>
        )}
      </main>
      <Toaster />
      {newBuild && (
        <div
          role="status"
          className="fixed bottom-4 left-4 z-toast flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-white dark:text-slate-900"
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
