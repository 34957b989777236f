/**
 * The public tutor API: landing pages let visitors try a question without an account, so `auth: false`; abuse is
 * held back by the per-IP and per-visitor rate limit and the input cap instead.
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/tutor/solve',
      handler: 'api::tutor.tutor.solve',
      config: { auth: false, middlewares: ['api::tutor.rate-limit'] },
    },
    {
      method: 'POST',
      path: '/tutor/practice',
      handler: 'api::tutor.tutor.practice',
      config: { auth: false, middlewares: ['api::tutor.rate-limit'] },
    },
    {
      method: 'POST',
      path: '/tutor/check',
      handler: 'api::tutor.tutor.check',
      config: { auth: false, middlewares: ['api::tutor.rate-limit'] },
    },
    {
      method: 'POST',
      path: '/tutor/check-step',
      handler: 'api::tutor.tutor.checkStep',
      config: { auth: false, middlewares: ['api::tutor.rate-limit'] },
    },
  ],
};
