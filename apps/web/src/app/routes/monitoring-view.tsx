import { useTranslation } from 'react-i18next';

/** The public monitoring view (/monitoring?t=token), outside the signed-in shell. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <header className="bg-success text-white px-4 py-3">
        <h1 className="h4 m-0">{t('screens.monitoring')}</h1>
      </header>
      <main className="container py-4">
        <p className="text-body-secondary" data-testid="placeholder">
          {t('screens.comingSoon')}
        </p>
      </main>
    </>
  );
}
