import { SSO_CALLBACK_PAGE } from '@caravanserai/api';

/** Every route of the app and its href builder, in one place. */
export const paths = {
  home: { path: '/', href: () => '/' },
  about: { path: '/about/', href: () => '/about/' },
  faq: { path: '/faq', href: () => '/faq' },
  faqUpper: { path: '/FAQ', href: () => '/FAQ' },
  download: { path: '/download/', href: () => '/download/' },
  examples: { path: '/examples', href: () => '/examples' },
  shell: { path: '/shell/', href: () => '/shell/' },
  search: {
    path: '/search/',
    /** The results page for `q` (and its filters and page); without `q`, the empty search page. */
    href: (params: Record<string, string | number | undefined> = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) {
        if (value !== undefined && value !== '') query.set(name, String(value));
      }
      const text = query.toString();
      return text ? `/search/?${text}` : '/search/';
    },
  },

  login: { path: '/login/', href: () => '/login/' },
  /** Where the identity provider sends the browser back (the redirect URI registered there). */
  ssoCallback: { path: SSO_CALLBACK_PAGE, href: () => SSO_CALLBACK_PAGE },
  logout: { path: '/logout/', href: () => '/logout/' },
  signup: { path: '/signup/', href: () => '/signup/' },
  /** Asks for a password reset link by e-mail. */
  passwordReset: { path: '/password/reset/', href: () => '/password/reset/' },
  /** Where a mailed reset link leads (`?uid=…&token=…`): the new password is set here. */
  passwordResetConfirm: { path: '/password/reset/confirm/', href: () => '/password/reset/confirm/' },
  /** The administrators' page: users and invite links. */
  admin: { path: '/admin/', href: () => '/admin/' },
  profile: { path: '/u/:username', href: (username: string) => `/u/${encodeURIComponent(username)}` },

  subscribe: { path: '/subscribe/', href: () => '/subscribe/' },
  subscribeMerchant: { path: '/subscribe/merchant/', href: () => '/subscribe/merchant/' },
  subscribeSultan: { path: '/subscribe/sultan/', href: () => '/subscribe/sultan/' },
  paymentMethods: {
    path: '/payments/methods/:username',
    href: (u: string) => `/payments/methods/${encodeURIComponent(u)}`,
  },
  subscriptions: { path: '/payments/subscribe/change/', href: () => '/payments/subscribe/change/' },
  merchantManage: {
    path: '/merchants/manage/:subscriptionId/',
    href: (id: string) => `/merchants/manage/${encodeURIComponent(id)}/`,
  },
  merchantCancel: {
    path: '/merchants/cancel/:subscriptionId/',
    href: (id: string) => `/merchants/cancel/${encodeURIComponent(id)}/`,
  },
  sultanManage: {
    path: '/sultans/manage/:subscriptionId/',
    href: (id: string) => `/sultans/manage/${encodeURIComponent(id)}/`,
  },
  sultanCancel: {
    path: '/sultans/cancel/:subscriptionId/',
    href: (id: string) => `/sultans/cancel/${encodeURIComponent(id)}/`,
  },

  journals: {
    home: { path: '/journals/', href: () => '/journals/' },
    create: { path: '/journals/create/', href: () => '/journals/create/' },
    list: { path: '/journals/list/', href: () => '/journals/list/' },
    import: { path: '/journals/import/', href: () => '/journals/import/' },
    detail: { path: '/journals/:jid', href: (jid: string) => `/journals/${encodeURIComponent(jid)}` },
    manage: {
      path: '/journals/:jid/manage',
      href: (jid: string) => `/journals/${encodeURIComponent(jid)}/manage`,
    },
  },
  logbooks: {
    home: { path: '/logbooks/', href: () => '/logbooks/' },
    create: { path: '/logbooks/create/', href: () => '/logbooks/create/' },
    list: { path: '/logbooks/list/', href: () => '/logbooks/list/' },
    detail: { path: '/logbooks/:logid', href: (logid: string) => `/logbooks/${encodeURIComponent(logid)}` },
    /** The workspace opened at one entry of the log (its index), which is scrolled to and highlighted. */
    entry: {
      path: '/logbooks/:logid',
      href: (logid: string, index: number) => `/logbooks/${encodeURIComponent(logid)}#entry-${index}`,
    },
    manage: {
      path: '/logbooks/:logid/manage',
      href: (logid: string) => `/logbooks/${encodeURIComponent(logid)}/manage`,
    },
  },
  /** The Bazaar (DESIGN 10): the gallery of published logbooks and each listing's page. */
  bazaar: {
    home: {
      path: '/bazaar/',
      /** The gallery with its search (`q`, `topic`, `sort`); without any, the newest listings. */
      href: (params: Record<string, string | undefined> = {}) => {
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
        const text = query.toString();
        return text ? `/bazaar/?${text}` : '/bazaar/';
      },
    },
    /** The well market: wells offered for rent, and the Offer a well dialog. */
    wells: { path: '/bazaar/wells/', href: () => '/bazaar/wells/' },
    /** The wells the user rents, the rentals of their offers, and what those earned. */
    rentals: { path: '/bazaar/rentals/', href: () => '/bazaar/rentals/' },
    listing: { path: '/bazaar/:slug', href: (slug: string) => `/bazaar/${encodeURIComponent(slug)}` },
    version: {
      path: '/bazaar/:slug/v/:version',
      href: (slug: string, version: number) => `/bazaar/${encodeURIComponent(slug)}/v/${version}`,
    },
  },
  caravans: {
    home: { path: '/caravans/', href: () => '/caravans/' },
    detail: { path: '/caravans/:id', href: (id: string) => `/caravans/${encodeURIComponent(id)}` },
  },
  wells: {
    home: { path: '/wells/', href: () => '/wells/' },
    private: { path: '/wells/private/', href: () => '/wells/private/' },
    create: { path: '/wells/create/', href: () => '/wells/create/' },
    list: { path: '/wells/list/', href: () => '/wells/list/' },
    detail: { path: '/wells/:wellid', href: (wellid: string) => `/wells/${encodeURIComponent(wellid)}` },
    manage: {
      path: '/wells/:wellid/manage',
      href: (wellid: string) => `/wells/${encodeURIComponent(wellid)}/manage`,
    },
  },
} as const;
