interface ImportMetaEnv {
  readonly PUBLIC_BACKEND_URL?: string;
  readonly PUBLIC_BACKEND_API_PREFIX?: string;
  readonly PUBLIC_SESSION_COOKIE_NAME?: string;
  readonly PUBLIC_ANALYTICS_SRC?: string;
  readonly PUBLIC_ANALYTICS_INTEGRITY?: string;
  readonly PUBLIC_AUTH_PROVIDERS?: string;
  readonly PUBLIC_LOCALE_BASE_URL?: string;
  readonly PUBLIC_BUILD_ID?: string;
  /** Where the build serves MathLive's fonts (src/integrations/mathlive-fonts.ts). */
  readonly PUBLIC_MATHLIVE_FONTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
