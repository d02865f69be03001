/**
 * What the server says of a record's synchronisation (contract `synchronised`, `deactivatedAt`;
 * docs/synchronisation.md): a live copy of a remote is read-only here; a deactivated copy is
 * local again. Records of other kinds, and answers without the fields, are plain.
 */
export type SyncMark =
  | { kind: 'synchronised'; externalId: string; remote: string | null }
  | { kind: 'deactivated'; at: string }
  | null;

export function syncMarkOf(record: Record<string, unknown> | undefined): SyncMark {
  const synchronised = record?.synchronised;
  if (synchronised && typeof synchronised === 'object' && 'externalId' in synchronised) {
    const { externalId, remote } = synchronised as { externalId: unknown; remote?: unknown };
    return {
      kind: 'synchronised',
      externalId: String(externalId),
      remote: typeof remote === 'string' ? remote : null,
    };
  }
  const at = record?.deactivatedAt;
  return typeof at === 'string' ? { kind: 'deactivated', at } : null;
}

/** The server refuses changing or deleting it (409): the screens offer neither. */
export const isReadOnly = (record: Record<string, unknown> | undefined): boolean =>
  syncMarkOf(record)?.kind === 'synchronised';
