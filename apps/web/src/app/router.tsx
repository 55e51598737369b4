import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { logbookPageQueryOptions, logbookQueryOptions } from '../features/logbooks/api/get-logbook';
import { hasStoredToken } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { publicConfigQueryOptions } from '../lib/use-public-config';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';

/** Every page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Component }),
});

/**
 * The route guard: a route marked `requiresAuth` sends a visitor without a stored
 * token to Login. The spec marks no route, so every page is reachable and says itself what a
 * signed-out visitor can do.
 */
export const requireAuth = () => (hasStoredToken() ? null : redirect(paths.login.href()));

/** Any other path under /subscribe/ or /payments/ goes home. */
const toHome = () => redirect(paths.home.href());

/**
 * The purchase, payment method and subscriptions pages exist only while the server's payments are
 * on (GET /config/); with them off they go home.
 */
async function onlyWithPayments() {
  try {
    const config = await queryClient.ensureQueryData(publicConfigQueryOptions());
    if (config.payments_enabled) return null;
  } catch {
    // The settings could not be read: payments count as off.
  }
  return toHome();
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: paths.home.path, ...page(() => import('./routes/home')) },
      { path: paths.about.path, ...page(() => import('./routes/about')) },
      { path: paths.faq.path, ...page(() => import('./routes/faq')) },
      { path: paths.faqUpper.path, ...page(() => import('./routes/faq')) },
      { path: paths.download.path, ...page(() => import('./routes/download')) },
      { path: paths.examples.path, ...page(() => import('./routes/examples')) },
      { path: paths.shell.path, ...page(() => import('./routes/shell')) },
      { path: paths.search.path, ...page(() => import('./routes/search')) },

      { path: paths.login.path, ...page(() => import('./routes/auth/login')) },
      { path: paths.ssoCallback.path, ...page(() => import('./routes/auth/sso-callback')) },
      { path: paths.logout.path, ...page(() => import('./routes/auth/logout')) },
      { path: paths.signup.path, ...page(() => import('./routes/auth/signup')) },
      { path: paths.passwordReset.path, ...page(() => import('./routes/auth/password-reset')) },
      {
        path: paths.passwordResetConfirm.path,
        ...page(() => import('./routes/auth/password-reset-confirm')),
      },
      { path: paths.admin.path, ...page(() => import('./routes/admin')) },
      { path: paths.profile.path, ...page(() => import('./routes/profile')) },

      { path: paths.subscribe.path, ...page(() => import('./routes/subscribe')) },
      {
        path: paths.subscribeMerchant.path,
        loader: onlyWithPayments,
        ...page(() => import('./routes/payments/merchant')),
      },
      {
        path: paths.subscribeSultan.path,
        loader: onlyWithPayments,
        ...page(() => import('./routes/payments/sultan')),
      },
      {
        path: paths.paymentMethods.path,
        loader: onlyWithPayments,
        ...page(() => import('./routes/payments/methods')),
      },
      {
        path: paths.subscriptions.path,
        loader: onlyWithPayments,
        ...page(() => import('./routes/payments/subscriptions')),
      },
      { path: '/subscribe/*', loader: toHome },
      { path: '/payments/*', loader: toHome },
      // Both modes: cancelling is done by e-mail until payments are on.
      { path: paths.merchantManage.path, ...page(() => import('./routes/subscriptions/merchant-manage')) },
      { path: paths.merchantCancel.path, ...page(() => import('./routes/subscriptions/merchant-cancel')) },
      { path: paths.sultanManage.path, ...page(() => import('./routes/subscriptions/sultan-manage')) },
      { path: paths.sultanCancel.path, ...page(() => import('./routes/subscriptions/sultan-cancel')) },

      { path: paths.journals.home.path, ...page(() => import('./routes/journals/home')) },
      { path: paths.journals.create.path, ...page(() => import('./routes/journals/create')) },
      { path: paths.journals.list.path, ...page(() => import('./routes/journals/list')) },
      { path: paths.journals.import.path, ...page(() => import('./routes/journals/import')) },
      { path: paths.journals.detail.path, ...page(() => import('./routes/journals/detail')) },
      { path: paths.journals.manage.path, ...page(() => import('./routes/journals/manage')) },

      { path: paths.logbooks.home.path, ...page(() => import('./routes/logbooks/home')) },
      { path: paths.logbooks.create.path, ...page(() => import('./routes/logbooks/create')) },
      { path: paths.logbooks.list.path, ...page(() => import('./routes/logbooks/list')) },
      {
        path: paths.logbooks.detail.path,
        // Start fetching the logbook and its newest entries while the page's code is still
        // loading; never wait for them here.
        loader: ({ params }) => {
          if (params.logid) {
            void queryClient.prefetchQuery(logbookQueryOptions(params.logid));
            void queryClient.prefetchQuery(logbookPageQueryOptions(params.logid));
          }
          return null;
        },
        ...page(() => import('./routes/logbooks/detail')),
      },
      { path: paths.logbooks.manage.path, ...page(() => import('./routes/logbooks/manage')) },

      { path: paths.wells.home.path, ...page(() => import('./routes/wells/home')) },
      { path: paths.wells.private.path, ...page(() => import('./routes/wells/home')) },
      { path: paths.wells.create.path, ...page(() => import('./routes/wells/create')) },
      { path: paths.wells.list.path, ...page(() => import('./routes/wells/list')) },
      { path: paths.wells.detail.path, ...page(() => import('./routes/wells/detail')) },
      { path: paths.wells.manage.path, ...page(() => import('./routes/wells/manage')) },

      { path: paths.bazaar.home.path, ...page(() => import('./routes/bazaar/gallery')) },
      { path: paths.bazaar.wells.path, ...page(() => import('./routes/bazaar/well-market')) },
      { path: paths.bazaar.rentals.path, ...page(() => import('./routes/bazaar/rentals')) },
      { path: paths.bazaar.listing.path, ...page(() => import('./routes/bazaar/listing')) },
      { path: paths.bazaar.version.path, ...page(() => import('./routes/bazaar/listing')) },

      { path: paths.caravans.home.path, ...page(() => import('./routes/caravans/home')) },
      { path: paths.caravans.detail.path, ...page(() => import('./routes/caravans/detail')) },

      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
