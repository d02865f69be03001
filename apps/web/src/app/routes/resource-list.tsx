import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { ResourceListScreen } from '@/features/management/resource-list/resource-list-screen';
import { isResource } from '@/features/management/resources';
import { useRouteHandle } from '../route-handle';
import { useOrganisationName } from '../use-organisation-name';

/** The one list screen that assets, devices, drivers, groups, configuration groups, users and OEM organisations share. */
export function Component() {
  const { t } = useTranslation();
  const { crumb } = useRouteHandle();
  const { pathname } = useLocation();
  const organisation = useOrganisationName();
  const title = crumb ? t(crumb) : '';
  // /management/<resource>: the last path segment names the resource.
  const resource = pathname.split('/').pop();
  if (!isResource(resource)) return <PlaceholderScreen title={title} />;
  // Keyed so that switching lists starts with a fresh search box.
  return (
    <ResourceListScreen key={resource} resource={resource} title={title} subtitle={organisation} />
  );
}
