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
  logout: { path: '/logout/', href: () => '/logout/' },
  signup: { path: '/signup/', href: () => '/signup/' },
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
