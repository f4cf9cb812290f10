import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { Loading } from './components/states.tsx';
import { bridgeStatus, session } from './engine-bridge/signals.ts';
import { useSignalValue } from './engine-bridge/use-signal-value.ts';
import { I18nProvider } from './i18n/i18n-context.tsx';
import { Layout } from './layout/layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { ROUTE_PATH } from './route-paths.ts';
import { NotFound, ROUTES, type RouteEntry } from './routes.tsx';

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...ROUTES.map((entry) => ({ path: entry.path, element: <RouteScreen entry={entry} /> })),
      { path: '*', element: <Lazy screen={NotFound} /> },
    ],
  },
]);

export function App() {
  return (
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}

function RouteScreen({ entry }: { entry: RouteEntry }) {
  if (entry.screen === null) return <Navigate to={entry.redirect ?? '/'} replace />;
  return entry.auth ? <RequireLogin screen={entry.screen} /> : <Lazy screen={entry.screen} />;
}

function Lazy({ screen: Screen }: { screen: ComponentType }) {
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

/**
 * Visitors go to the login page; while the engine is still starting we do not know yet. A
 * session that just expired stays on its screen while the notice shows: the session watch
 * goes to the login page after REDIRECT_DELAY_MS (spec: 999 → message, then login).
 */
function RequireLogin({ screen }: { screen: ComponentType }) {
  const status = useSignalValue(bridgeStatus);
  const s = useSignalValue(session);
  const location = useLocation();
  if (status === 'starting' && !s.loggedIn) return <Loading />;
  if (!s.loggedIn && s.expiredAt === null)
    return (
      <Navigate
        to={ROUTE_PATH.login}
        replace
        state={{ from: location.pathname + location.search }}
      />
    );
  return <Lazy screen={screen} />;
}
