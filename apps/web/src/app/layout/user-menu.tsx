import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/users/api/get-user';
import { signOut, useAuthenticatedSession } from '@/lib/auth';
import { LANGUAGES, setLanguage } from '@/lib/i18n';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser(useAuthenticatedSession().user_id);

  return (
    <Dropdown align="end">
      {/* The name starts with the visible text, the user's name (WCAG 2.5.3 label in name). */}
      <Dropdown.Toggle
        variant="light"
        aria-label={user ? `${user.name}, ${t('topBar.userMenu')}` : t('topBar.userMenu')}
        data-testid="user-menu"
      >
        {user?.name}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{t('topBar.welcome')}</Dropdown.Header>
        {/* My profile, Settings and Support do nothing yet (spec §2). */}
        <Dropdown.Item as="button">{t('topBar.profile')}</Dropdown.Item>
        <Dropdown.Item as="button">{t('topBar.settings')}</Dropdown.Item>
        <Dropdown.Item as="button">{t('topBar.support')}</Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Header>{t('topBar.language')}</Dropdown.Header>
        {LANGUAGES.map((language) => (
          <Dropdown.Item
            key={language}
            as="button"
            lang={language}
            active={i18n.resolvedLanguage === language}
            onClick={() => setLanguage(language)}
          >
            {t(`language.${language}`)}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        {/* Logging out clears the stored user; the session guard then shows /login. */}
        <Dropdown.Item as="button" onClick={() => void signOut()}>
          {t('topBar.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
