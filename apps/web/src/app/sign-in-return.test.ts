import { describe, expect, it } from 'vitest';
import { afterSignIn } from './sign-in-return';

describe('afterSignIn', () => {
  it.each([
    [{ from: '/entities/ASSET/7?tab=media' }, '/entities/ASSET/7?tab=media'],
    [{ from: '/management/assets?page=2#top' }, '/management/assets?page=2#top'],
    [null, '/overview'],
    [undefined, '/overview'],
    [{}, '/overview'],
    [{ from: 7 }, '/overview'],
    [{ from: 'https://evil.example/' }, '/overview'],
    [{ from: '//evil.example/' }, '/overview'],
    [{ from: '/\\evil.example/' }, '/overview'],
    [{ from: '/login' }, '/overview'],
    [{ from: '/login?x=1' }, '/overview'],
  ])('%j → %s', (state, expected) => expect(afterSignIn(state)).toBe(expected));
});
