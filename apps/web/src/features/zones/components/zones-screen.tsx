import '../locales/register';
import { permissions, type Zone, type ZoneInput, type ZoneShape } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, ButtonGroup, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useGroups } from '@/lib/api/get-groups';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { createZone, deleteZone, updateZone, useZones, zonesRootKey } from '../api/zones';
import type { DrawTool } from './zone-draw';
import { ZoneForm, type ZoneFields } from './zone-form';

const ZoneMap = lazy(() => import('./zone-map'));

const NEW_FIELDS: ZoneFields = { name: '', colour: '#0d6efd', speedLimit: '', groupId: '' };

const fieldsOf = (zone: Zone): ZoneFields => ({
  name: zone.name,
  colour: zone.colour,
  speedLimit: zone.speedLimit === null ? '' : String(zone.speedLimit),
  groupId: zone.groupId === null ? '' : String(zone.groupId),
});

/** What is being edited: a saved zone or a new one, its drawing tool, its shape and fields. */
type Draft = {
  zoneId: number | null;
  tool: DrawTool | null;
  shape: ZoneShape | null;
  fields: ZoneFields;
  /** bumped when the map must show `shape` afresh */
  revision: number;
};

/**
 * Management → Zones (issue 21 §1): the organisation's zones on a map and in a list. A user who
 * manages the fleet draws a new zone (polygon or circle) or edits one: its shape on the map, its
 * name, colour, speed limit and group in the form beside it.
 */
export function ZonesScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId, user_role: role } = useAuthenticatedSession();
  const mayWrite = permissions.manageFleet(role);
  const client = useQueryClient();
  const zones = useZones(organisationId);
  const groups = useGroups(organisationId).data ?? [];
  const [draft, setDraft] = useState<Draft | null>(null);
  const change = (next: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...next } : d));
  const groupName = (id: number | null) => groups.find((g) => g.id === id)?.name;

  const startNew = (tool: DrawTool) =>
    setDraft((d) => ({
      zoneId: d?.zoneId ?? null,
      tool,
      shape: null,
      fields: d?.fields ?? NEW_FIELDS,
      revision: (d?.revision ?? 0) + 1,
    }));
  const startEdit = (zone: Zone) =>
    setDraft((d) => ({
      zoneId: zone.id,
      tool: null,
      shape: zone.shape,
      fields: fieldsOf(zone),
      revision: (d?.revision ?? 0) + 1,
    }));
  /** The list comes back once it holds the change (a deleted zone never shows again). */
  const done = async () => {
    await client.invalidateQueries({ queryKey: zonesRootKey(organisationId) });
    setDraft(null);
  };
  const save = async (input: ZoneInput) => {
    const saved = draft?.zoneId
      ? await updateZone(draft.zoneId, input)
      : await createZone(organisationId, input);
    notify(t('zones.form.saved', { name: saved.name }), { type: 'success' });
    await done();
  };
  const remove = async (zoneId: number, name: string) => {
    await deleteZone(zoneId);
    notify(t('zones.form.deleted', { name }), { type: 'success' });
    await done();
  };
  const editing = draft && {
    zoneId: draft.zoneId,
    tool: draft.tool,
    shape: draft.shape,
    revision: `${draft.zoneId ?? 'new'}:${draft.revision}`,
    colour: draft.fields.colour,
    onShape: (shape: ZoneShape | null) => change({ shape, tool: null }),
  };
  const editedName = zones.data?.find((z) => z.id === draft?.zoneId)?.name ?? '';

  return (
    <>
      <PageHeader
        title={t('zones.title')}
        subtitle={subtitle}
        actions={
          <Link className="btn btn-outline-primary" to={paths.zones.report}>
            {t('zones.report.title')}
          </Link>
        }
      />
      <p className="text-body-secondary">{t('zones.intro')}</p>
      {!mayWrite && <p className="text-body-secondary">{t('zones.readOnly')}</p>}
      {zones.isPending ? (
        <Loading label={t('zones.loading')} />
      ) : zones.isError ? (
        <Alert variant="danger" role="alert">
          {errorText(zones.error)}
        </Alert>
      ) : (
        <div className="row g-3">
          <div className="col-lg-8">
            {mayWrite && (
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <ButtonGroup aria-label={t('zones.newZone')}>
                  {(['polygon', 'circle'] as const).map((tool) => (
                    <Button
                      key={tool}
                      variant={draft?.tool === tool ? 'primary' : 'outline-primary'}
                      aria-pressed={draft?.tool === tool}
                      onClick={() => startNew(tool)}
                      data-testid={`draw-${tool}`}
                    >
                      {t(tool === 'polygon' ? 'zones.drawPolygon' : 'zones.drawCircle')}
                    </Button>
                  ))}
                </ButtonGroup>
                {draft && (
                  <span className="small text-body-secondary" role="status">
                    {t(`zones.drawHint.${draft.tool ?? 'edit'}`)}
                  </span>
                )}
              </div>
            )}
            <Suspense fallback={<Loading label={t('zones.loadingMap')} />}>
              <ZoneMap zones={zones.data ?? []} editing={editing} label={t('zones.map')} />
            </Suspense>
          </div>
          <div className="col-lg-4">
            {draft ? (
              <ZoneForm
                key={`${draft.zoneId ?? 'new'}`}
                title={
                  draft.zoneId ? t('zones.editing', { name: editedName }) : t('zones.creating')
                }
                fields={draft.fields}
                onFields={(fields) => change({ fields })}
                shape={draft.shape}
                onRadius={(radius) =>
                  draft.shape?.type === 'circle' &&
                  change({ shape: { ...draft.shape, radius }, revision: draft.revision + 1 })
                }
                groups={groups}
                onSave={save}
                onDelete={draft.zoneId ? () => remove(draft.zoneId!, draft.fields.name) : undefined}
                onCancel={() => setDraft(null)}
              />
            ) : (
              <ZoneList
                zones={zones.data ?? []}
                mayWrite={mayWrite}
                groupName={groupName}
                onEdit={startEdit}
              />
            )}
          </div>
        </div>
      )}
    </>
  );
}

function ZoneList({
  zones,
  mayWrite,
  groupName,
  onEdit,
}: {
  zones: Zone[];
  mayWrite: boolean;
  groupName: (id: number | null) => string | undefined;
  onEdit: (zone: Zone) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="zone-list-title">
      <h2 className="h5" id="zone-list-title">
        {t('zones.list')}
      </h2>
      {zones.length === 0 ? (
        <p className="text-body-secondary" data-testid="zones-empty">
          {t('zones.none')}
        </p>
      ) : (
        <ListGroup as="ul" data-testid="zone-list">
          {[...zones]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((zone) => (
              <ListGroup.Item
                as="li"
                key={zone.id}
                className="d-flex align-items-center gap-2"
                data-testid="zone-item"
              >
                <span
                  aria-hidden
                  className="rounded-circle border flex-shrink-0"
                  style={{ width: 14, height: 14, background: zone.colour }}
                />
                <div className="flex-grow-1 text-break">
                  <div className="fw-semibold">{zone.name}</div>
                  <div className="small text-body-secondary" data-testid="zone-details">
                    {t(`zones.kinds.${zone.shape.type}`)} ·{' '}
                    {zone.speedLimit === null ? t('zones.noLimit') : `${zone.speedLimit} km/h`} ·{' '}
                    {groupName(zone.groupId) ?? t('zones.allAssets')}
                  </div>
                </div>
                {mayWrite && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={`${t('zones.edit')}: ${zone.name}`}
                    onClick={() => onEdit(zone)}
                  >
                    {t('zones.edit')}
                  </Button>
                )}
              </ListGroup.Item>
            ))}
        </ListGroup>
      )}
    </section>
  );
}
