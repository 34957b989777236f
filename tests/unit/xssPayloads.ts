/**
 * Attacks on the chat message renderer (src/lib/markdown.ts), shared by its unit test and the e2e tests that send
 * them through the real chat. Each one would run `alert(1)` if its HTML, link or math were trusted.
 */
export interface XssPayload {
  /** What the payload tries. */
  name: string;
  /** The message text, as a student or a model could write it. */
  source: string;
  /**
   * Text a reader must still see after rendering (the payload shown as text, not swallowed), when there is any.
   * Compared with the rendered text content, whitespace collapsed.
   */
  visibleText?: string;
}

export const XSS_PAYLOADS: readonly XssPayload[] = [
  { name: 'script element', source: '<script>alert(1)</script>', visibleText: '<script>alert(1)</script>' },
  {
    name: 'image with an error handler',
    source: '<img src=x onerror=alert(1)>',
    visibleText: '<img src=x onerror=alert(1)>',
  },
  { name: 'SVG with a load handler', source: '<svg onload=alert(1)>', visibleText: '<svg onload=alert(1)>' },
  {
    name: 'script inside SVG',
    source: '<svg><script>alert(1)</script></svg>',
    visibleText: '<svg><script>alert(1)</script></svg>',
  },
  { name: 'javascript: link', source: '[click](javascript:alert(1))', visibleText: '[click](javascript:alert(1))' },
  { name: 'upper-case JAVASCRIPT: link', source: '[x](JAVASCRIPT:alert(1))', visibleText: '[x](JAVASCRIPT:alert(1))' },
  {
    name: 'javascript: link split by an encoded tab',
    source: '[x](java&#x09;script:alert(1))',
    visibleText: '[x](java script:alert(1))',
  },
  {
    name: 'data: URL link',
    source: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    visibleText: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  },
  { name: 'javascript: image', source: '![x](javascript:alert(1))', visibleText: '![x](javascript:alert(1))' },
  {
    name: 'HTML link with a javascript: href',
    source: '<a href="javascript:alert(1)">x</a>',
    visibleText: '<a href="javascript:alert(1)">x</a>',
  },
  { name: '\\href in inline math', source: '$\\href{javascript:alert(1)}{x}$' },
  { name: '\\url in display math', source: '$$\\url{javascript:alert(1)}$$' },
  {
    name: 'iframe',
    source: '<iframe src="javascript:alert(1)"></iframe>',
    visibleText: '<iframe src="javascript:alert(1)"></iframe>',
  },
  {
    name: 'mutation XSS through MathML and style',
    source: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    visibleText: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  },
  {
    name: 'details with a toggle handler',
    source: '<details open ontoggle=alert(1)>',
    visibleText: '<details open ontoggle=alert(1)>',
  },
  { name: 'javascript: autolink', source: '<javascript:alert(1)>', visibleText: '<javascript:alert(1)>' },
  { name: '\\htmlClass and \\style in math', source: '$\\htmlClass{fixed inset-0}{x} \\style{position:fixed}{y}$' },
  {
    name: 'HTML inside a fenced code block',
    source: '```html\n<img src=x onerror=alert(1)>\n```',
    visibleText: '<img src=x onerror=alert(1)>',
  },
  { name: 'javascript: reference link', source: '[x][a]\n\n[a]: javascript:alert(1)' },
  { name: 'vbscript: link', source: '[x](vbscript:msgbox(1))' },
];
