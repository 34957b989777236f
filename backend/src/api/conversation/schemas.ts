/** The 400 of a retry of anything but a failed or cut-off answer. */
export const RETRY_REFUSED = 'Only an answer that failed or was cut off can be retried';
