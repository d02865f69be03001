import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { afterSignIn } from '../sign-in-return';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/auth';

/**
 * Sign-in; a user with a session (already, or just now) is taken where the session guard sent
 * them from (a deep link), else to the overview.
 */
export function Component() {
  const { t } = useTranslation();
  const { state } = useLocation();
  if (useSession()) return <Navigate to={afterSignIn(state)} replace />;
  return (
    <div className="min-vh-100 d-flex align-items-center justify-content-center bg-body-tertiary p-3">
      <main className="card login-card shadow-sm w-100">
        <div className="card-body p-4">
          <div className="login-brand mb-3">{t('app.name')}</div>
          <h1 className="h4 mb-1">{t('login.title')}</h1>
          <p className="text-body-secondary mb-4">{t('login.intro')}</p>
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
