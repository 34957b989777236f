const MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Page not found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * @param statusCode an HTTP status code
 * @returns the message shown beside the code on error pages
 */
export function statusMessage(statusCode: number): string {
  return MESSAGES[statusCode] ?? (statusCode >= 500 ? 'Server Error' : 'Error');
}
