import { atom } from 'nanostores';

/** The Markdown, maths and sanitising renderer (src/lib/markdown.ts): markdown-it, Temml and DOMPurify. */
export type Renderer = typeof import('@/lib/markdown');

/**
 * The renderer once it has loaded, null before. It is most of the chat's weight (about 120 KB gzipped), so the app
 * does not wait for it to paint (issue #15): it loads beside the session and the conversation, and until it is here
 * RichText shows the text in readable plain form.
 */
export const $renderer = atom<Renderer | null>(null);

let loading: Promise<Renderer> | null = null;

/**
 * Starts loading the renderer (once; again after a failure, e.g. a dropped connection).
 * @returns the renderer module, once loaded
 */
function loadRenderer(): Promise<Renderer> {
  loading ??= import('@/lib/markdown').then(
    (renderer) => {
      $renderer.set(renderer);
      return renderer;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Waits for the renderer without failing: a saved conversation opens once its messages can be typeset, so nothing
 * on screen changes size a moment later; if the renderer cannot load, the messages still open, as plain text.
 */
export function rendererSettled(): Promise<void> {
  return loadRenderer().then(
    () => undefined,
    (error: unknown) => console.warn('[renderer] Markdown and maths renderer unavailable', error),
  );
}
