import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Wraps every route. ScrollRestoration gives the spec's scrolling: the saved position on
 * back/forward, otherwise the hash anchor, otherwise the top (the signed-in shell's scroll keeper
 * reaches it too when the screen grows as its data arrives).
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Any error a route throws, including a lazy chunk that failed to load after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="container py-5" role="alert">
      <h1 className="h3">{t('errors.unexpected')}</h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
