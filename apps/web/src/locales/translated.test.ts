import { describe, expect, it } from 'vitest';

/**
 * Every Dutch text is translated (issue 19 §9): each key of every English bundle has a Dutch
 * text that differs from the English. Bundles are found by their file names, so a new
 * feature's locales are checked without being listed here.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['./**/{en,nl}.ts', '../features/*/locales/**/{en,nl}.ts'],
  { eager: true },
);

/**
 * Texts that are the same word in Dutch, each for a reason. Any other Dutch text equal to its
 * English one is a key left untranslated.
 */
const SAME_IN_DUTCH: Record<string, string[]> = {
  'a name: the product, and each language in its own language': [
    'Fleetwise',
    'English',
    'Nederlands',
  ],
  'an acronym, or a card title the specification gives in capitals (§2 monitoring view)': [
    'OEM',
    'PTO',
    'CSV',
    'START',
    'INFO',
    'LIVE',
  ],
  'a loanword Dutch uses as it is, in fleet software and elsewhere': [
    'Alarm',
    'Camera',
    'Clip',
    'Coach',
    'Cruise',
    'Dashboards',
    'Data',
    'Details',
    'Filter',
    'Heatmap',
    'Home',
    'Integrator',
    'Interval',
    'Media',
    'Monitoring',
    'Online',
    'Reseller',
    'Score',
    'Scores',
    'Start',
    'Status',
    'Stops',
    'Video',
    'video',
    // Dutch for week is week.
    'Week',
    // Dutch for zone is zone (issue 21: the zones, as the alert e-mails say).
    'Zone',
    'Zones',
  ],
};
const ALLOWED = new Set(Object.values(SAME_IN_DUTCH).flat());

/** Units and signs that read the same in both languages (s, min, l, km/l, ×, id). */
const UNITS = new Set(['s', 'min', 'h', 'l', 'km/l', 'km', '%', '×', 'id']);

/** Whether a text may stay as it is: an allowed word, or units and signs around placeholders. */
function maySayTheSame(text: string): boolean {
  const words = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.every((word) => ALLOWED.has(word) || UNITS.has(word));
}

function leaves(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      leaves(inner, at ? `${at}.${key}` : key),
    );
  }
  return [[at, String(value)]];
}

/** The one bundle object a locale file exports (its types are gone at run time). */
function bundle(path: string): Record<string, unknown> {
  const values = Object.values(modules[path]!);
  expect(values, path).toHaveLength(1);
  return values[0] as Record<string, unknown>;
}

const pairs = Object.keys(modules)
  .filter((path) => path.endsWith('/en.ts'))
  .map((en) => [en, en.replace(/en\.ts$/, 'nl.ts')] as const);

describe('Dutch texts (issue 19 §9)', () => {
  it('finds the bundles: the core, the dashboards, each feature and the settings', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    expect(pairs.map(([en]) => en)).toContain('../features/management/locales/settings/en.ts');
    for (const [, nl] of pairs) expect(Object.keys(modules), 'a Dutch bundle').toContain(nl);
  });

  it.each(pairs)('%s: every key has a Dutch text of its own', (enPath, nlPath) => {
    const english = leaves(bundle(enPath));
    const dutch = new Map(leaves(bundle(nlPath)));
    expect([...dutch.keys()].sort(), 'the same keys').toEqual(english.map(([key]) => key).sort());
    const untranslated = english
      .filter(([key, text]) => dutch.get(key) === text && !maySayTheSame(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated, 'left in English').toEqual([]);
    const empty = [...dutch].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty, 'empty').toEqual([]);
  });

  it.each([
    ['Fleetwise', true],
    ['{{value}} km/l', true],
    ['{{minutes}} min {{seconds}} s', true],
    ['({{reason}})', true],
    ['Camera {{camera}}', true],
    ['Over speed', false],
    ['{{count}} errors', false],
    ['Save', false],
  ])('may "%s" stay the same in Dutch? %s', (text, same) => {
    expect(maySayTheSame(text)).toBe(same);
  });
});
