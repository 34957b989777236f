import { statusMessage } from '@/lib/httpStatus';

export interface ErrorPageText {
  statusCode: number;
  statusMessage: string;
  title: string;
  description: string;
  /** Shown only when it says more than the status message (spec §8). */
  message?: string;
}

/**
 * The texts of an error page (spec §2, §8), shared by the pre-rendered 404/500 pages and the app shell's
 * client-side not-found view so both say the same.
 * @param message the error's own message, e.g. `Page not found: /app/nope`
 */
export function errorPageText(statusCode: number, message?: string): ErrorPageText {
  const status = statusMessage(statusCode);
  const text: ErrorPageText =
    statusCode === 404
      ? {
          statusCode,
          statusMessage: status,
          title: 'Page not found',
          description: 'We are sorry but this page could not be found',
        }
      : {
          statusCode,
          statusMessage: status,
          title: 'Something went wrong',
          description: 'We are sorry, an unexpected error happened on our side. Please try again in a moment.',
        };
  if (message && message !== status) text.message = message;
  return text;
}
