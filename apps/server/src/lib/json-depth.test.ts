import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.js';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('nestedDeeperThan', () => {
  it.each([
    ['a scalar', '42', 0, false],
    ['an empty object at 1', '{}', 1, false],
    ['an empty object beyond 0', '{}', 0, true],
    ['arrays at the limit', nested(3), 3, false],
    ['arrays beyond the limit', nested(4), 3, true],
    ['objects beyond the limit', '{"a":{"b":{"c":{}}}}', 3, true],
    ['mixed beyond the limit', '[{"a":[{}]}]', 3, true],
    ['siblings do not add up', '[[],[],[],[]]', 2, false],
    ['brackets in a string do not count', '["[[[[[[{{{{"]', 1, false],
    ['an escaped quote keeps the string open', '["\\"[[[["]', 1, false],
    ['an escaped backslash closes it', '["\\\\",[[]]]', 2, true],
    ['brackets in a key do not count', '{"[[[[": 1}', 1, false],
    ['malformed text is judged by depth alone', '[[[[', 3, true],
  ])('%s', (_what, text, max, expected) => {
    expect(nestedDeeperThan(text, max)).toBe(expected);
  });

  it('reads a 3,600-deep body without recursion, and a sane one passes at the default', () => {
    expect(nestedDeeperThan(nested(3600))).toBe(true);
    expect(nestedDeeperThan(nested(1_000_000, '{"a":', '}'))).toBe(true);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});
