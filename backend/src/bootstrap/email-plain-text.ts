import type { Core } from '@strapi/strapi';
import { htmlToText } from '../utils/html-to-text';

/** The part of an email provider's message that this module reads. */
interface EmailMessage {
  text?: string;
  html?: string;
  [key: string]: unknown;
}

interface EmailProvider {
  send(message: EmailMessage): Promise<unknown>;
}

const isEmailProvider = (value: unknown): value is EmailProvider =>
  typeof value === 'object' && value !== null && typeof (value as { send?: unknown }).send === 'function';

/**
 * Gives every outgoing email a real plain-text part.
 *
 * users-permissions passes its HTML template as both `text` and `html`, so mail clients showing the text part (and
 * spam filters comparing both) would see raw tags. Wrapping the provider, rather than one service, also covers
 * `sendTemplatedEmail` and any plugin that sends mail.
 *
 * @param strapi - the running Strapi instance, after the email plugin's bootstrap created its provider
 */
export const addPlainTextToEmails = (strapi: Core.Strapi): void => {
  const provider: unknown = strapi.plugin('email')['provider'];
  if (!isEmailProvider(provider)) {
    throw new Error('The email plugin has no provider to wrap: check config/plugins.ts');
  }
  const send = provider.send.bind(provider);
  provider.send = (message) => {
    const { html, text } = message;
    const needsText = html !== undefined && (text === undefined || text === html);
    return send(needsText ? { ...message, text: htmlToText(html) } : message);
  };
};
