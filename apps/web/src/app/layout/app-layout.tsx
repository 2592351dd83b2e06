import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { CrashBoundary } from './crash-boundary';
import { Footer } from './footer';
import { GlobalSpinner } from './global-spinner';
import { Header } from './header';
import classes from './app-layout.module.css';

/** Landmarks (header, nav, main, footer), the skip link and the global spinner around every page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // After an in-app navigation, move focus to the new page so keyboard and screen-reader users start there.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pathname]);

  const handleSkip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink} onClick={handleSkip}>
        {t('shell.skip_to_content')}
      </a>
      <GlobalSpinner />
      <Header />
      <main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        <CrashBoundary resetKey={pathname}>
          <Outlet />
        </CrashBoundary>
      </main>
      <Footer />
    </div>
  );
}
