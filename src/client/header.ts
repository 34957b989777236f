import { saveAuthRedirect } from '@/stores/authRedirect';

/**
 * The header's behaviour, in plain script so content pages ship no framework: the mobile menu panel and saving
 * the current path before the visitor goes to sign-in or sign-up.
 */
export function startHeader(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const panel = document.querySelector<HTMLElement>('[data-menu-panel]');
  if (toggle && panel) wireMenu(toggle, panel);

  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-auth-link]')) {
    link.addEventListener('click', () => {
      saveAuthRedirect(`${location.pathname}${location.search}${location.hash}`);
    });
  }
}

function wireMenu(toggle: HTMLButtonElement, panel: HTMLElement): void {
  const setOpen = (open: boolean, restoreFocus = false): void => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    if (open) panel.querySelector<HTMLElement>('a, button')?.focus();
    else if (restoreFocus) toggle.focus();
  };
  const close = (): void => setOpen(false);

  toggle.addEventListener('click', () => setOpen(panel.hidden !== false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) setOpen(false, true);
  });
  // The panel closes whenever the route changes: following one of its links, history navigation within the
  // page, or coming back to this page from the back-forward cache with the panel still open.
  panel.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  });
  window.addEventListener('popstate', close);
  window.addEventListener('hashchange', close);
  window.addEventListener('pageshow', close);
  // Growing the window past the breakpoint hides the toggle; a panel left open would come back on shrinking.
  matchMedia('(min-width: 48rem)').addEventListener('change', close);
}
