/** The avatar button's look: the same on the placeholder (AccountBlock) and on the menu's trigger (AccountMenu). */
export const ACCOUNT_TRIGGER_CLASS =
  'rounded-full outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-500';
