import { describe, expect, it } from 'vitest';
import { shortcutOf, type KeyPress } from './shortcuts';

const press = (key: string, change: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY' },
  ...change,
});

describe('the case page shortcuts (issue 20 §4)', () => {
  it.each([
    ['j', 'next'],
    ['J', 'next'],
    ['ArrowRight', 'next'],
    ['k', 'previous'],
    ['ArrowLeft', 'previous'],
    ['d', 'dismiss'],
    ['c', 'coach'],
    ['r', 'recognise'],
    ['?', 'help'],
    ['x', null],
    ['Enter', null],
    ['ArrowUp', null],
  ])('%s → %s', (key, command) => {
    expect(shortcutOf(press(key))).toBe(command);
  });

  it.each([
    ['INPUT', 'd'],
    ['TEXTAREA', 'j'],
    ['SELECT', 'ArrowRight'],
    ['input', 'c'],
  ])('is no shortcut while typing in %s (%s)', (tagName, key) => {
    expect(shortcutOf(press(key, { target: { tagName } }))).toBeNull();
  });

  it('leaves the arrows to a focused video, but not its letters', () => {
    expect(shortcutOf(press('ArrowRight', { target: { tagName: 'VIDEO' } }))).toBeNull();
    expect(shortcutOf(press('j', { target: { tagName: 'VIDEO' } }))).toBe('next');
  });

  it.each(['ctrlKey', 'metaKey', 'altKey'] as const)('ignores a key with %s', (modifier) => {
    expect(shortcutOf(press('d', { [modifier]: true }))).toBeNull();
  });

  it('is no shortcut in an editable element', () => {
    expect(
      shortcutOf(press('r', { target: { tagName: 'DIV', isContentEditable: true } })),
    ).toBeNull();
  });
});
