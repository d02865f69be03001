import type { Organisation } from '@fleet/contract';

export type OrganisationOption = Organisation & { depth: number; label: string };

/**
 * The picker's list (spec §2): the user's own organisation first, each organisation followed by
 * its children (by name), labelled with one '>' per level below the top: '>> Demo Transport'.
 * An organisation whose parent is not in the list is a top of the tree.
 */
export function organisationOptions(
  organisations: Organisation[],
  ownId: number,
): OrganisationOption[] {
  const ids = new Set(organisations.map((o) => o.id));
  const children = new Map<number | null, Organisation[]>();
  for (const organisation of organisations) {
    const parent =
      organisation.parentId !== null && ids.has(organisation.parentId)
        ? organisation.parentId
        : null;
    children.set(parent, [...(children.get(parent) ?? []), organisation]);
  }
  const byName = (a: Organisation, b: Organisation) => a.name.localeCompare(b.name);
  const ownFirst = (a: Organisation, b: Organisation) =>
    Number(b.id === ownId) - Number(a.id === ownId) || byName(a, b);

  const options: OrganisationOption[] = [];
  const visit = (organisation: Organisation, depth: number) => {
    const label = depth === 0 ? organisation.name : `${'>'.repeat(depth)} ${organisation.name}`;
    options.push({ ...organisation, depth, label });
    for (const child of (children.get(organisation.id) ?? []).sort(byName)) visit(child, depth + 1);
  };
  for (const top of (children.get(null) ?? []).sort(ownFirst)) visit(top, 0);
  return options;
}

/** The organisation and every one below it, by id (a move may not put it under any of them). */
export function subtreeIds(organisations: Organisation[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const o of organisations)
    if (o.parentId !== null) children.set(o.parentId, [...(children.get(o.parentId) ?? []), o.id]);
  const ids = new Set<number>();
  const visit = (id: number) => {
    if (ids.has(id)) return;
    ids.add(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(rootId);
  return ids;
}
