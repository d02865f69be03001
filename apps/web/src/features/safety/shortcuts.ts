/**
 * The case page's keyboard shortcuts for reviewing a queue quickly (issue 20 §4): j or → the
 * next case, k or ← the previous one, d dismiss, c needs coaching, r recognise, ? this help.
 */
export type ShortcutCommand = 'next' | 'previous' | 'dismiss' | 'coach' | 'recognise' | 'help';

/** The help's rows, in order: the keys of each command. */
export const SHORTCUTS: readonly { command: ShortcutCommand; keys: readonly string[] }[] = [
  { command: 'next', keys: ['j', '→'] },
  { command: 'previous', keys: ['k', '←'] },
  { command: 'dismiss', keys: ['d'] },
  { command: 'coach', keys: ['c'] },
  { command: 'recognise', keys: ['r'] },
  { command: 'help', keys: ['?'] },
];

const BY_KEY: Record<string, ShortcutCommand> = {
  j: 'next',
  ArrowRight: 'next',
  k: 'previous',
  ArrowLeft: 'previous',
  d: 'dismiss',
  c: 'coach',
  r: 'recognise',
  '?': 'help',
};

/** What a key press asks for, as much of a KeyboardEvent as it needs. */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** the element that has the focus: typing in a field or pressing on a control is no shortcut */
  target: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
};

/** Controls where the arrow keys (or any letter) already mean something. */
const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const ARROWS_OWNED = new Set(['VIDEO', 'AUDIO']);

/** The command of a key press, or null: modifiers, typing, a video's own arrows, other keys. */
export function shortcutOf(press: KeyPress): ShortcutCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const tag = press.target?.tagName?.toUpperCase() ?? '';
  if (TYPING.has(tag) || press.target?.isContentEditable) return null;
  const command = BY_KEY[press.key.length === 1 ? press.key.toLowerCase() : press.key] ?? null;
  if (press.key.startsWith('Arrow') && ARROWS_OWNED.has(tag)) return null;
  return command;
}
