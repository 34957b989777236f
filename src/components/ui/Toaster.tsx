import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { API_ERROR_EVENT, ApiError } from '@/lib/api/errors';
import { $toasts, dismissToast, pushToast } from '@/stores/toasts';

/**
 * Shows toasts, and turns the API client's global error event into one when the service itself failed
 * (unreachable or a 5xx). Errors about the request (wrong password, taken email) are shown by the form that
 * made it, next to its fields, not twice.
 */
export default function Toaster() {
  const toasts = useStore($toasts);

  useEffect(() => {
    const onApiError = (event: Event) => {
      const error = event instanceof CustomEvent ? (event.detail as unknown) : undefined;
      if (error instanceof ApiError && (error.error === 'UnknownError' || error.statusCode >= 500)) {
        pushToast(error.message, 'error');
      }
    };
    window.addEventListener(API_ERROR_EVENT, onApiError);
    return () => window.removeEventListener(API_ERROR_EVENT, onApiError);
  }, []);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-toast flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${
            toast.tone === 'error'
              ? 'bg-red-700 text-white'
              : 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
          }`}
        >
          <span className="flex-1">{toast.message}</span>
          <button
            type="button"
            className="font-semibold opacity-80 hover:opacity-100"
            onClick={() => dismissToast(toast.id)}
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
