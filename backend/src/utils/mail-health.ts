import type { Core } from '@strapi/strapi';
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** How long a probe's verdict is reused: short when the server was down, so mail comes back soon after it does. */
const REACHABLE_FOR_MS = 30_000;
const UNREACHABLE_FOR_MS = 5_000;
/** A probe gives up after this long (nodemailer's own defaults wait up to two minutes). */
const PROBE_TIMEOUT_MS = 5_000;

let verdict: { reachable: boolean; until: number; options: string } | null = null;
let probing: Promise<boolean> | null = null;

/**
 * Whether the SMTP server answers (connection, greeting, TLS and sign-in, with nodemailer's `verify()`), checked at
 * most every REACHABLE_FOR_MS. forgot-password and send-email-confirmation answer before they send (so that their
 * answer and its timing do not tell whether an address has an account) and can no longer report a failed send;
 * this check lets them still say "the email could not be sent", for every address alike, while the server is down.
 *
 * @param strapi - the running Strapi (the email plugin's provider options)
 * @returns true when the server could be reached lately
 */
export const mailServerReachable = async (strapi: Core.Strapi): Promise<boolean> => {
  const options = strapi.config.get<SMTPTransport.Options | undefined>('plugin::email.providerOptions') ?? {};
  const key = JSON.stringify(options);
  if (verdict !== null && verdict.options === key && verdict.until > Date.now()) return verdict.reachable;
  probing ??= (async () => {
    const transport = createTransport({
      ...options,
      connectionTimeout: PROBE_TIMEOUT_MS,
      greetingTimeout: PROBE_TIMEOUT_MS,
      socketTimeout: PROBE_TIMEOUT_MS,
    });
    const reachable = await transport.verify().then(
      () => true,
      (error: unknown) => {
        strapi.log.error(
          `[email] the SMTP server cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
        );
        return false;
      },
    );
    transport.close();
    verdict = { reachable, until: Date.now() + (reachable ? REACHABLE_FOR_MS : UNREACHABLE_FOR_MS), options: key };
    return reachable;
  })().finally(() => {
    probing = null;
  });
  return probing;
};
