import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../components/states.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import { AnnouncerRegion } from '../announce/announcer-region.tsx';
import { ToastHost } from '../toast/toast-host.tsx';
import { NoticeAlerts } from '../notices/notice-alerts.tsx';
import { EngineStatusBar } from './engine-status-bar.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SessionWatch } from './session-watch.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { FlightOffer } from '../flight/flight-offer.tsx';
import { MomentPanel } from '../moment/moment-panel.tsx';
import { PATH } from '../route-paths.ts';
import { ReplayBanner } from '../screens/replay/replay-banner.tsx';
import { ReplayDrop } from '../screens/replay/replay-drop.tsx';

/** Trading screens fill the window (the workspace rule in spot.css): no site footer there. */
export const TRADING_PATHS: ReadonlySet<string> = new Set([
  PATH.dealCenter,
  PATH.leverDealCenter,
  '/secondDealCenter',
]);

export function Layout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const trading = TRADING_PATHS.has(pathname);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <ReplayBanner />
      <EngineStatusBar />
      <UpdatePrompt />
      <FlightOffer />
      {/* data-path: the route whose screen is shown (it changes with the screen, in one commit) */}
      <main id="main" className="app__main" data-path={pathname}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <MomentPanel />
      {!trading && <Footer />}
      <ToastHost />
      <AnnouncerRegion />
      <NoticeAlerts />
      <SessionWatch />
      <ReplayDrop />
    </div>
  );
}
