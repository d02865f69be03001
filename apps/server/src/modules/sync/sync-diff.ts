/**
 * The pure core of a run: what the remote lists against the local copies it made before →
 * what to create, update, leave and deactivate. Records are known by the remote organisation
 * they come from (`source`) and their id there; keys are unique on both sides (the fetch
 * refuses a listing that repeats an id).
 */

export interface RemoteRecord<F> {
  source: string;
  externalId: string;
  /** undefined: listed by id alone, unchanged since the stamp of the previous listing */
  fields?: F | undefined;
  /** the item cannot be taken (recorded as an error; its local copy stays as it is) */
  problem?: string | undefined;
}

export interface LocalRecord<F> {
  id: number;
  source: string;
  externalId: string;
  fields: F;
  deactivated: boolean;
}

export interface RecordDiff<F> {
  create: { source: string; externalId: string; fields: F }[];
  /** changed fields, or a deactivated copy the remote lists again (reactivate) */
  update: { local: LocalRecord<F>; fields: F; reactivate: boolean }[];
  unchanged: LocalRecord<F>[];
  /** active copies the remote no longer lists */
  deactivate: LocalRecord<F>[];
  /** items the remote refused to be taken as they are */
  failed: { source: string; externalId: string; problem: string }[];
  /** listed by id alone but with no active local copy: to be read in full */
  unknown: RemoteRecord<F>[];
}

const keyOf = (r: { source: string; externalId: string }) => `${r.source}\u0000${r.externalId}`;

export function diffRecords<F>(
  remote: readonly RemoteRecord<F>[],
  local: readonly LocalRecord<F>[],
  same: (a: F, b: F) => boolean,
): RecordDiff<F> {
  const diff: RecordDiff<F> = {
    create: [],
    update: [],
    unchanged: [],
    deactivate: [],
    failed: [],
    unknown: [],
  };
  const copies = new Map(local.map((record) => [keyOf(record), record]));
  const listed = new Set<string>();
  for (const item of remote) {
    const key = keyOf(item);
    listed.add(key);
    const copy = copies.get(key);
    if (item.problem !== undefined) {
      diff.failed.push({ source: item.source, externalId: item.externalId, problem: item.problem });
    } else if (item.fields === undefined) {
      if (copy && !copy.deactivated) diff.unchanged.push(copy);
      else diff.unknown.push(item);
    } else if (!copy) {
      diff.create.push({ source: item.source, externalId: item.externalId, fields: item.fields });
    } else if (copy.deactivated || !same(copy.fields, item.fields)) {
      diff.update.push({ local: copy, fields: item.fields, reactivate: copy.deactivated });
    } else {
      diff.unchanged.push(copy);
    }
  }
  for (const [key, copy] of copies) {
    if (!listed.has(key) && !copy.deactivated) diff.deactivate.push(copy);
  }
  return diff;
}
