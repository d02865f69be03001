import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRouteHandles } from '../route-handle';

/** The names of the matched routes after a link to the home path (spec §2). */
export function Breadcrumb() {
  const { t } = useTranslation();
  const crumbs = useRouteHandles().flatMap((handle) => (handle.crumb ? [handle.crumb] : []));
  return (
    <nav aria-label={t('nav.breadcrumb')}>
      <ol className="breadcrumb small">
        <li className="breadcrumb-item">
          <Link to={paths.overview}>{t('nav.home')}</Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li
              key={`${index}-${crumb}`}
              className={last ? 'breadcrumb-item active' : 'breadcrumb-item'}
              aria-current={last ? 'page' : undefined}
            >
              {t(crumb)}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
