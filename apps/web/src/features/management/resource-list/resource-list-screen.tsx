import '../locales/register';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managementHrefs } from '@/config/paths';
import { ExportMenu } from '@/components/export-menu';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { errorText } from '@/lib/api-client';
import { exportList, exportsList } from '../api/entities';
import { type Resource } from '../resources';
import { DeleteOrganisationDialog } from '../organisations/delete-organisation-dialog';
import { DeleteDialog } from './delete-dialog';
import { ListToolbar, ResourceTable } from './resource-list-parts';
import { useResourceList } from './use-resource-list';

/** The one list screen of spec §2: search, sort, server-side pages of 10, create, row actions, delete. */
export function ResourceListScreen({
  resource,
  title,
  subtitle,
}: {
  resource: Resource;
  title: string;
  /** The organisation whose list it is. */
  subtitle?: string;
}) {
  const { t } = useTranslation();
  const list = useResourceList(resource);
  const { state, query, pages } = list;
  const closeDelete = () => list.setDeleting(null);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {exportsList(resource) && (
              <ExportMenu
                onExport={(format, onProgress) =>
                  exportList(resource, list.organisationId, state, format, onProgress)
                }
              />
            )}
            {list.writes && (
              <Link className="btn btn-primary" to={managementHrefs.entity('edit', resource)}>
                {t(`management.create.${resource}`)}
              </Link>
            )}
          </>
        }
      />
      <ListToolbar title={title} list={list} />
      {query.isError && (
        <Alert variant="danger">
          {t('management.list.loadFailed', { message: errorText(query.error) })}
        </Alert>
      )}
      <div className="card">
        <ResourceTable resource={resource} list={list} />
      </div>
      <div className="mt-3">
        <Pager
          page={Math.min(state.page, pages)}
          pages={pages}
          label={t('management.list.pages')}
          onChange={(page) => list.update({ ...state, page })}
        />
      </div>
      {resource === 'organisations' ? (
        <DeleteOrganisationDialog row={list.deleting} onClose={closeDelete} />
      ) : (
        <DeleteDialog resource={resource} row={list.deleting} onClose={closeDelete} />
      )}
    </>
  );
}
