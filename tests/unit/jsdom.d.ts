// jsdom ships no types and @types/jsdom is not installed: the part answerView.test.ts uses (a window to render in,
// in Node's environment, where .astro components compile for the server).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
