import type { Core } from '@strapi/strapi';
import { readBackendPort, readPublicUrl } from '../src/utils/env';
import { readTrustedProxyHops } from '../src/utils/trusted-proxy';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => {
  const hops = readTrustedProxyHops(env);
  return {
    host: env('HOST', '0.0.0.0'),
    port: readBackendPort(env),
    // Absolute, so that OAuth providers get a full callback URL and the admin links to the right origin.
    url: readPublicUrl(env),
    // Behind `hops` proxies koa trusts X-Forwarded-* and takes the client's address `hops` entries from the end of
    // X-Forwarded-For (the entries before it are the client's own writing); with none it reads neither.
    proxy: { koa: hops > 0, maxIpsCount: hops },
    app: {
      // Generated into .env by scripts/ensure-env.mjs on first run; Strapi signs cookies with them.
      keys: env.array('APP_KEYS', []),
    },
    logger: {
      // The "new Strapi version available" banner means nothing here: versions are pinned on purpose.
      updates: { enabled: false },
      config: { level: env('LOG_LEVEL', 'http') },
      // The startup table; tests turn it off to keep their output readable.
      startup: { enabled: env.bool('LOG_STARTUP', true) },
    },
  };
};
