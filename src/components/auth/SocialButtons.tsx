import { useSyncExternalStore } from 'react';
import { AUTH_PROVIDERS, BACKEND_API_PREFIX, BACKEND_URL } from '@/config';
import { titleCaseSegment } from '@/lib/pageTitle';
import { saveAuthRedirect, readAuthRedirect } from '@/stores/authRedirect';
import { startOAuthNonce } from '@/stores/oauthNonce';

const connectUrl = (provider: string) => `${BACKEND_URL}${BACKEND_API_PREFIX}/connect/${encodeURIComponent(provider)}`;

const noSubscription = () => () => undefined;

/**
 * One button per enabled provider: the browser goes to the backend's /connect/{provider} (spec §7), with the
 * nonce that binds the sign-in to this tab. Until the island has hydrated the links have no `href` (a click could
 * not add the nonce yet, and the backend would send the student back), so they are not links yet.
 */
export default function SocialButtons() {
  // false in the server's HTML and during hydration, true once this island runs in the browser.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (AUTH_PROVIDERS.length === 0) return null;
  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or{' '}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </p>
      <div className="mt-4 grid gap-2">
        {AUTH_PROVIDERS.map((provider) => (
          <a
            key={provider}
            href={hydrated ? connectUrl(provider) : undefined}
            className="btn-outline w-full"
            onClick={(event) => {
              // Keep the saved path alive through the provider's pages.
              const saved = readAuthRedirect();
              if (saved) saveAuthRedirect(saved);
              // Bind this sign-in to this tab: the link is followed with the href as it is after this handler.
              event.currentTarget.href = `${connectUrl(provider)}?nonce=${startOAuthNonce()}`;
            }}
          >
            Continue with {titleCaseSegment(provider)}
          </a>
        ))}
      </div>
    </div>
  );
}
