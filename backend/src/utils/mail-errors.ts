import type { Context } from 'koa';

/**
 * Error codes of a mail that could not be handed to the SMTP server: nodemailer's own (connection, greeting, TLS,
 * authentication, envelope, protocol) and the socket errors it passes through.
 */
const DELIVERY_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EOAUTH2',
  'EENVELOPE',
  'EMESSAGE',
  'ESTREAM',
  'EPROTOCOL',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * @param error - what an email send threw
 * @returns whether it is the SMTP server being unreachable or refusing the mail (not a bug of ours)
 */
export const isMailDeliveryError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  DELIVERY_CODES.has(error.code);

/**
 * Answers 503 in Strapi's error envelope, so the student learns that the email, not their input, failed, and that
 * trying later may work (Strapi itself answers such failures 500 "Internal Server Error", or 400 on register).
 *
 * @param ctx - the request
 * @param message - what the student reads (the site shows it next to the form)
 */
export const answerMailUnavailable = (ctx: Context, message: string): void => {
  ctx.status = 503;
  ctx.body = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message, details: {} } };
};
