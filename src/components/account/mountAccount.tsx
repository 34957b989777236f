import { createRoot } from 'react-dom/client';
import { startSession } from '@/stores/session';
import AccountBlock from './AccountBlock';

/**
 * Hydrates the signed-in header block. Loaded by the site script only when a session cookie exists, so a
 * signed-out visitor downloads no React at all: this is an island whose "directive" is the cookie check in
 * scripts/site.ts (an Astro island would ship Astro's island runtime to every visitor instead).
 */
export async function mountAccount(): Promise<void> {
  const user = await startSession();
  const root = document.documentElement;
  if (!user) {
    // No valid session (or no answer): show the signed-out buttons the head script hid.
    root.classList.remove('has-session');
    return;
  }
  for (const slot of document.querySelectorAll<HTMLElement>('[data-account-slot]')) {
    const variant = slot.dataset['accountSlot'] === 'mobile' ? 'mobile' : 'desktop';
    createRoot(slot).render(<AccountBlock variant={variant} />);
  }
  root.classList.add('signed-in');
}
