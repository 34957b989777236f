/**
 * The few lines a tool page ships for its try box: the box itself (src/client/tryBox.ts) loads only when a
 * visitor submits the form, so a visit that never uses it downloads nothing more. Every byte here counts against
 * the content pages' script budget (bench/site.mjs), hence no prefetch on focus and the terse checks.
 * A signed-in student (the inline head script puts `has-session` on <html>) keeps the plain form: it goes to the app.
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
