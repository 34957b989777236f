/**
 * The few lines every page ships for the tool pages' try box, inside the shell's one script (src/client/site.ts):
 * the box itself (src/client/tryBox.ts) loads only when a visitor submits the form, so a visit that never uses it
 * downloads nothing more. Every byte here counts against the content pages' script budget (bench/site.mjs), hence
 * no prefetch on focus and the terse checks. Not a script of TryBox.astro's own: a second entry script carries its
 * own copy of Vite's preload list and helper import (about 300 B gzip on the tool pages, over the budget).
 * A signed-in student (the inline head script puts `has-session` on <html>) keeps the plain form: it goes to the app.
 * Where the page has no try box, this is one query that finds nothing.
 */
export function watchTryBox(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-try-box]');
  form?.addEventListener('submit', (event) => {
    if (form.matches('.has-session *')) return;
    event.preventDefault();
    import('./tryBox')
      .then((box) => box.askOnce(form))
      // The box could not load (offline, a newer deploy): the plain form still reaches the app.
      .catch(() => form.submit());
  });
}
