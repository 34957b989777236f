import { useEffect, useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import { AUTH_PROVIDERS } from '@/config';
import { authErrorMessage } from '@/lib/authErrorMessage';
import { titleCaseSegment } from '@/lib/pageTitle';
import { consumeAuthRedirect } from '@/stores/authRedirect';
import { clearOAuthNonce, readOAuthNonce } from '@/stores/oauthNonce';
import { providerCallback } from '@/stores/session';

/** The provider from `/auth/connect/{provider}/redirect`. */
function providerFromPath(pathname: string): string {
  return /^\/auth\/connect\/([^/]+)\/redirect\/?$/.exec(pathname)?.[1]?.toLowerCase() ?? '';
}

/**
 * Return point of social sign-in: exchanges the provider's `access_token` for our jwt, then goes on to the saved
 * path. Every failure (no token, a provider we do not offer, a refused callback) says what happened and offers a
 * way back; the page itself always loads.
 */
/** Why the return cannot even be tried: a provider we do not offer, or no token in the URL. */
function precheck(provider: string, name: string, params: URLSearchParams): string | null {
  if (!AUTH_PROVIDERS.includes(provider)) return `Sign-in with ${name} is not available on StudyEase.`;
  if (params.get('access_token')) {
    // No nonce: this tab did not start the sign-in (a link from someone else, or another tab or browser).
    return readOAuthNonce()
      ? null
      : `This sign-in was not started in this tab. Please start it again from the sign-in page.`;
  }
  const refusal = params.get('error_description') ?? params.get('error');
  return refusal
    ? `${name} did not sign you in (${refusal}).`
    : `${name} sent you back without a sign-in token. Please try again.`;
}

export default function ConnectRedirect() {
  const [provider] = useState(() => providerFromPath(location.pathname));
  const name = titleCaseSegment(provider) || 'your provider';
  const [error, setError] = useState<string | null>(() =>
    precheck(provider, name, new URLSearchParams(location.search)),
  );

  useEffect(() => {
    const accessToken = new URLSearchParams(location.search).get('access_token');
    const nonce = readOAuthNonce();
    if (!accessToken || !nonce || !AUTH_PROVIDERS.includes(provider)) return;
    providerCallback(provider, accessToken, nonce)
      .then(
        () => location.replace(consumeAuthRedirect()),
        (caught: unknown) => setError(authErrorMessage(caught).message),
      )
      .finally(clearOAuthNonce);
  }, [provider]);

  return (
    <div className="w-full max-w-md space-y-4">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        {error ? `Sign-in with ${name} failed` : `Signing you in with ${name}…`}
      </h1>
      {error ? (
        <>
          <FormAlert tone="error">{error}</FormAlert>
          <a href="/auth/login" className="btn-outline">
            Back to sign in
          </a>
        </>
      ) : (
        <p role="status" className="text-slate-600 dark:text-slate-400">
          One moment, we are finishing your sign-in.
        </p>
      )}
    </div>
  );
}
