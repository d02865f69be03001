import { useTranslation } from 'react-i18next';

const COMPANY_URL = 'https://fleetwise.example';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer border-top px-4 py-3 small text-body-secondary">
      © {new Date().getFullYear()}{' '}
      <a href={COMPANY_URL} target="_blank" rel="noreferrer">
        {t('footer.company')}
      </a>
    </footer>
  );
}
