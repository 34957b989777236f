/** The site's pages besides the tools, linked from the footer and the phone's menu panel (not the header bar). */
export const SITE_LINKS = [
  { href: '/pricing', label: 'Pricing' },
  { href: '/blog', label: 'Blog' },
] as const;

/** The legal pages, linked from the footer (spec §2). */
export const LEGAL_LINKS = [
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
] as const;
