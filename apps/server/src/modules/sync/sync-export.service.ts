import {
  EXPORT_IDS_LIMIT,
  EXPORT_PAGE_LIMIT,
  SYNC_KIND_PATHS,
  type ExportIdsPage,
  type ExportIdsQuery,
  type ExportListQuery,
  type ExportOrganisations,
  type SyncEntityKind,
} from '@fleet/contract';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { OrganisationTree as OrganisationRepository } from '../organisations/index.js';
import type { ApiKeyHolder } from './api-keys.service.js';
import type { ExportRow, SyncExportRepository } from './sync-export.repository.js';

const MAX_ID = 2147483647;
const STAMP = /^[0-9]{1,20}$/;

/** Where a listing stands: after which id, and the stamp of its first page. */
interface Position {
  after: number;
  stamp?: string;
}

const encodeCursor = (position: Position) =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

function decodeCursor(cursor: string | undefined, withStamp: boolean): Position | undefined {
  if (cursor === undefined) return undefined;
  const refused = () => badRequest('cursor is not one this server answered');
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const { after, stamp } = (position ?? {}) as { after?: unknown; stamp?: unknown };
  if (!Number.isInteger(after) || (after as number) < 0 || (after as number) > MAX_ID)
    throw refused();
  if (withStamp && (typeof stamp !== 'string' || !STAMP.test(stamp))) throw refused();
  return { after: after as number, stamp: stamp as string | undefined };
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** A database row → the protocol's item of its kind. */
function toItem(kind: SyncEntityKind, row: ExportRow): Record<string, unknown> {
  const { id, stamp, ...fields } = row;
  const item: Record<string, unknown> = { externalId: String(id), stamp, ...fields };
  if (kind === 'DEVICE_LINK' || kind === 'DRIVER_LINK') {
    item.from = iso(fields.from);
    item.until = iso(fields.until);
  }
  return item;
}

/**
 * The export side (docs/synchronisation.md, "The protocol"): what another server reads of the
 * organisations below an API key's organisation. External ids are our ids as text.
 */
export class SyncExportService {
  constructor(
    private readonly repository: SyncExportRepository,
    private readonly organisations: OrganisationRepository,
  ) {}

  async organisationList(holder: ApiKeyHolder): Promise<ExportOrganisations> {
    const tree = await this.organisations.subtree(holder.organisationId);
    return {
      organisations: tree.map((o) => ({
        externalId: String(o.id),
        name: o.name,
        // Above the key's organisation is none of the reader's business.
        parentExternalId:
          o.id === holder.organisationId || o.parentId === null ? null : String(o.parentId),
      })),
    };
  }

  async page(
    holder: ApiKeyHolder,
    externalId: string,
    kind: SyncEntityKind,
    query: ExportListQuery,
  ): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null; stamp: string }> {
    const organisationId = await this.organisation(holder, externalId);
    if (query.since !== undefined && !STAMP.test(query.since))
      throw badRequest('since is not a stamp this server answered');
    const position = decodeCursor(query.cursor, true);
    // The stamp is taken before the first page is read, and carried by the cursor.
    const stamp = position?.stamp ?? (await this.repository.stamp());
    const limit = query.limit ?? EXPORT_PAGE_LIMIT.default;
    const rows = await this.repository.page(kind, organisationId, {
      after: position?.after ?? 0,
      limit: limit + 1,
      since: query.since,
    });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => toItem(kind, row)),
      nextCursor: rows.length > limit && last ? encodeCursor({ after: last.id, stamp }) : null,
      stamp,
    };
  }

  async ids(
    holder: ApiKeyHolder,
    externalId: string,
    query: ExportIdsQuery,
  ): Promise<ExportIdsPage> {
    const organisationId = await this.organisation(holder, externalId);
    const kind = (Object.keys(SYNC_KIND_PATHS) as SyncEntityKind[]).find(
      (k) => SYNC_KIND_PATHS[k] === query.kind,
    )!;
    const position = decodeCursor(query.cursor, false);
    const limit = query.limit ?? EXPORT_IDS_LIMIT.default;
    const ids = await this.repository.ids(kind, organisationId, {
      after: position?.after ?? 0,
      limit: limit + 1,
    });
    const page = ids.slice(0, limit);
    const last = page.at(-1);
    return {
      ids: page.map(String),
      nextCursor: ids.length > limit && last !== undefined ? encodeCursor({ after: last }) : null,
    };
  }

  /** Our id of an organisation the key reaches; 404 for any other (or a foreign id form). */
  private async organisation(holder: ApiKeyHolder, externalId: string): Promise<number> {
    const missing = () => notFound(`Organisation ${externalId} does not exist`);
    if (!/^[1-9][0-9]{0,9}$/.test(externalId)) throw missing();
    const id = Number(externalId);
    if (id > MAX_ID) throw missing();
    if (
      id !== holder.organisationId &&
      !(await this.organisations.isWithin(id, holder.organisationId))
    )
      throw missing();
    return id;
  }
}
