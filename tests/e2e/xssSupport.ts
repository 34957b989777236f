import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { XssSeed } from '../../tools/test-backend/seed-xss.ts';
import { e2eEnv } from './support';

/** What tools/test-backend/seed-xss.ts seeded (the type lives there: the launcher writes it). */
export type { XssSeed } from '../../tools/test-backend/seed-xss.ts';

export function readXssSeed(): XssSeed {
  return JSON.parse(readFileSync(e2eEnv('E2E_XSS_SEED'), 'utf8')) as XssSeed;
}

/** Hosts that are this test run's own servers (the site, the backends): anything else is a foreign origin. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a request goes to one of the run's own servers (or stays in the browser: data:, blob:, about:). */
export function isLocalUrl(url: string): boolean {
  const parsed = URL.parse(url);
  if (!parsed) return false;
  if (['data:', 'blob:', 'about:'].includes(parsed.protocol)) return true;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOCAL_HOSTS.has(parsed.hostname);
}

/** Inline scripts (no src, not a data block) in an HTML document, as the browser will see their text. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (!/\btype=["']?application\/(ld\+)?json/i.test(attributes)) scripts.push(body);
  }
  return scripts;
}

interface ScanOptions {
  /** Inline scripts the build writes into pages that carry no user content: the only inline scripts allowed. */
  knownInlineScripts: string[];
}

/**
 * Looks through the whole document for markup that could run script, load from or send to another origin,
 * navigate, or that the site never writes, and collects the CSP violations recorded since the last scan. Runs in
 * the page (page.evaluate), so it references nothing outside itself. Returns readable findings; none on a clean page.
 */
function scanDocument({ knownInlineScripts }: ScanOptions): string[] {
  const found: string[] = [];
  const here = location.origin;
  const local = (value: string): boolean => {
    try {
      const url = new URL(value, location.href);
      if (['data:', 'blob:', 'about:', 'mailto:'].includes(url.protocol)) return true;
      return url.origin === here || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    } catch {
      return true; // An address a browser cannot parse goes nowhere.
    }
  };
  // As a browser reads a URL's scheme: control characters and whitespace anywhere are dropped, case ignored.
  // eslint-disable-next-line no-control-regex -- control characters are what browsers drop
  const controls = /[\u0000-\u0020\u007f-\u009f]/g;
  const scheme = (value: string): string =>
    /^([a-z][a-z0-9+.-]*):/.exec(value.replace(controls, '').toLowerCase())?.[1] ?? '';
  const scripty = (value: string): boolean => ['javascript', 'vbscript', 'livescript', 'data'].includes(scheme(value));
  const describe = (element: Element): string => {
    const attributes = Array.from(
      element.attributes,
      (attribute) => `${attribute.name}="${attribute.value.slice(0, 60)}"`,
    );
    return `<${element.localName}${attributes.length ? ` ${attributes.join(' ')}` : ''}>`.slice(0, 200);
  };
  // Attributes that make the browser load something by themselves (a link's href waits for a click).
  const loading = new Set([
    'src',
    'srcset',
    'data',
    'poster',
    'background',
    'ping',
    'action',
    'formaction',
    'codebase',
  ]);
  const urls = new Set([
    ...loading,
    'href',
    'xlink:href',
    'cite',
    'longdesc',
    'lowsrc',
    'dynsrc',
    'values',
    'to',
    'from',
  ]);
  const forbidden = new Set([
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'portal',
    'base',
    'fencedframe',
  ]);

  for (const element of Array.from(document.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    if (forbidden.has(tag)) found.push(`${describe(element)}: an element that frames, embeds or rebases`);
    if (tag.startsWith('xss')) found.push(`${describe(element)}: the corpus's marker element`);
    if (tag === 'script') {
      const type = (element.getAttribute('type') ?? '').trim().toLowerCase();
      const text = element.textContent;
      if (type === 'application/ld+json') {
        try {
          JSON.parse(text);
        } catch {
          found.push(`JSON-LD that does not parse (broken out of?): ${text.slice(0, 120)}`);
        }
      } else if (element.hasAttribute('src')) {
        const url = new URL(element.getAttribute('src') ?? '', location.href);
        if (url.origin !== here || !url.pathname.startsWith('/_astro/')) {
          found.push(`${describe(element)}: a script from outside the build`);
        }
      } else if (!knownInlineScripts.includes(text)) {
        found.push(`${describe(element)}: an inline script the build does not write: ${text.slice(0, 80)}`);
      }
    }
    if (tag === 'meta' && element.hasAttribute('http-equiv')) found.push(`${describe(element)}: meta http-equiv`);
    if (tag === 'link' && !local(element.getAttribute('href') ?? ''))
      found.push(`${describe(element)}: a foreign link`);
    if (tag === 'form' && !local(element.getAttribute('action') ?? ''))
      found.push(`${describe(element)}: a form to another origin`);
    if (
      tag === 'style' &&
      /@import|url\(\s*['"]?\s*(javascript:|(https?:)?\/\/(?!127\.0\.0\.1|localhost))/i.test(element.textContent)
    ) {
      found.push(`<style> that imports or loads from elsewhere: ${element.textContent.slice(0, 80)}`);
    }
    if (['animate', 'set', 'animatemotion', 'animatetransform'].includes(tag)) {
      const target = (element.getAttribute('attributeName') ?? '').toLowerCase();
      if (target.endsWith('href') || target.startsWith('on'))
        found.push(`${describe(element)}: SVG animation of ${target}`);
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) found.push(`${describe(element)}: event handler ${name}`);
      if (urls.has(name) && scripty(value)) found.push(`${describe(element)}: ${name} with a ${scheme(value)}: URL`);
      if (loading.has(name) && name !== 'srcset' && value && !local(value)) {
        found.push(`${describe(element)}: ${name} loads from another origin`);
      }
      if (name === 'srcset' && value.split(',').some((candidate) => !local(candidate.trim().split(/\s+/)[0] ?? ''))) {
        found.push(`${describe(element)}: srcset loads from another origin`);
      }
      if (
        name === 'style' &&
        /expression\(|javascript:|url\(\s*['"]?\s*(https?:)?\/\/(?!127\.0\.0\.1|localhost)/i.test(value)
      ) {
        found.push(`${describe(element)}: a style that runs or loads from elsewhere`);
      }
    }
  }
  // What the CSP stopped since the last scan (recordViolations keeps them).
  const violations = (window as unknown as { __xssViolations?: string[] }).__xssViolations ?? [];
  for (const violation of violations.splice(0)) found.push(`CSP violation: ${violation}`);
  return found;
}

/** Page-side recorder of Content-Security-Policy violations (each is something that tried to run or load). */
function recordViolations(): void {
  const store: string[] = [];
  Object.defineProperty(window, '__xssViolations', { value: store });
  document.addEventListener(
    'securitypolicyviolation',
    (event) => store.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}: ${event.sample}`),
    true,
  );
}

/**
 * Watches one browser context for any sign that a payload ran: dialogs, requests to a foreign origin, new
 * windows, CSP violations, and (on `scan`) injected markup in the document. Findings name the place they were
 * made in (`where`, set before each step).
 */
export class XssWatch {
  readonly findings: string[] = [];
  where = 'start';

  private constructor(
    readonly context: BrowserContext,
    private readonly options: ScanOptions,
  ) {}

  /** A new context with the session cookie `jwt` (if any) for the site at `baseURL`, watched. */
  static async open(browser: Browser, baseURL: string, options: ScanOptions, jwt?: string): Promise<XssWatch> {
    const context = await browser.newContext({ baseURL });
    if (jwt !== undefined) {
      await context.addCookies([{ name: 'studyease_jwt', value: jwt, url: baseURL, sameSite: 'Lax' }]);
    }
    return XssWatch.attach(context, options);
  }

  static async attach(context: BrowserContext, options: ScanOptions): Promise<XssWatch> {
    const watch = new XssWatch(context, options);
    await context.addInitScript(recordViolations);
    const wire = (page: Page): void => {
      page.on('popup', (popup) => watch.record(`a new window opened: ${popup.url()}`));
      page.on('dialog', (dialog) => {
        watch.record(`${dialog.type()} dialog: ${dialog.message()}`);
        dialog.dismiss().catch(() => undefined);
      });
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) watch.record(`console: ${message.text()}`);
      });
    };
    context.pages().forEach(wire);
    context.on('page', wire);
    context.on('request', (request) => {
      if (!isLocalUrl(request.url()))
        watch.record(`a request to a foreign origin: ${request.method()} ${request.url()}`);
    });
    return watch;
  }

  record(finding: string): void {
    this.findings.push(`${this.where}: ${finding}`);
  }

  /** Scans the page's document and collects the CSP violations it recorded since the last scan. */
  async scan(page: Page): Promise<void> {
    for (const finding of await page.evaluate(scanDocument, this.options)) this.record(finding);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}
