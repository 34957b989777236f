/** Every route of the spec with the layout it must render (tests/e2e share this list). */
export const CONTENT_ROUTES = [
  '/',
  '/pricing',
  '/blog',
  '/blog/check-your-answer-to-a-linear-equation',
  '/ai-translator',
  '/ai-math-solver',
  '/ai-physics-solver',
  '/ai-chemistry-solver',
  '/ai-homework-helper',
  '/privacy-policy',
  '/terms-of-service',
] as const;

export const AUTH_ROUTES = [
  '/auth/login',
  '/auth/register',
  '/auth/forgot',
  '/auth/reset-passwrod',
  '/auth/email-confirmation',
] as const;

export const APP_ROUTES = ['/app', '/app/math-solver', '/app/chemistry-solver/abc123'] as const;
