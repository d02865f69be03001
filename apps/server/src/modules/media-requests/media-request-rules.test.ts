import { describe, expect, it } from 'vitest';
import type { MediaAvailability, MediaRequestInput } from '@fleet/contract';
import {
  cameraState,
  camerasOf,
  EXPIRED_REASON,
  isSettled,
  requestProblem,
  UNANSWERED_REASON,
} from './media-request-rules.js';

const now = Date.parse('2026-11-23T12:00:00Z');
const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
const picture: MediaRequestInput = { mediaType: 'PICTURE', cameraMask: 1, mediaTimestamp: at(-60) };
const video: MediaRequestInput = { ...picture, mediaType: 'VIDEO', duration: 20 };

describe('requestProblem', () => {
  it.each<[string, MediaRequestInput, number | undefined, RegExp | undefined]>([
    ['a picture of a minute ago', picture, undefined, undefined],
    ['a video of 20 s', video, undefined, undefined],
    [
      'a moment 4 s ahead (clock skew)',
      { ...picture, mediaTimestamp: at(4) },
      undefined,
      undefined,
    ],
    ['a moment 10 s ahead', { ...picture, mediaTimestamp: at(10) }, undefined, /future/],
    ['a moment a day ahead', { ...picture, mediaTimestamp: at(86_400) }, undefined, /future/],
    ['a video without duration', { ...video, duration: undefined }, undefined, /needs a duration/],
    ['a video of 61 s', { ...video, duration: 61 }, undefined, /1 to 60/],
    ['a video of 0 s', { ...video, duration: 0 }, undefined, /1 to 60/],
    ['a picture with a duration', { ...picture, duration: 5 }, undefined, /no duration/],
    ['camera mask 0', { ...picture, cameraMask: 0 }, undefined, /cameraMask/],
    ['camera mask 32', { ...picture, cameraMask: 32 }, undefined, /cameraMask/],
    ['all five cameras', { ...picture, cameraMask: 31 }, undefined, undefined],
    ['the path asset in the body', { ...picture, assetId: 7 }, 7, undefined],
    ['another asset in the body', { ...picture, assetId: 8 }, 7, /assetId 8/],
    ['no moment', { ...picture, mediaTimestamp: 'noon' }, undefined, /not a moment/],
  ])('%s', (_, input, assetId, problem) => {
    const answer = requestProblem(input, now, assetId);
    if (problem) expect(answer).toMatch(problem);
    else expect(answer).toBeUndefined();
  });
});

it('camerasOf lists the bits of a mask', () => {
  expect(camerasOf(1)).toEqual([1]);
  expect(camerasOf(3)).toEqual([1, 2]);
  expect(camerasOf(31)).toEqual([1, 2, 4, 8, 16]);
  expect(camerasOf(20)).toEqual([4, 16]);
});

describe('cameraState', () => {
  const future = new Date(now + 1000);
  const past = new Date(now - 1000);
  const acked = new Date(now - 5000);
  const state = (availability: MediaAvailability) => ({ availability, reason: null });
  it.each<
    [string, MediaAvailability, Date | null, Date | null, Date, MediaAvailability, string | null]
  >([
    ['waiting, not expired', 'WAITING_FOR_DEVICE', null, null, future, 'WAITING_FOR_DEVICE', null],
    ['waiting, expired', 'WAITING_FOR_DEVICE', null, null, past, 'FAILED', EXPIRED_REASON],
    ['sent, expired, unanswered', 'SENT', acked, null, past, 'FAILED', UNANSWERED_REASON],
    ['uploading, expired', 'UPLOADING', acked, null, past, 'FAILED', UNANSWERED_REASON],
    ['sent, not expired', 'SENT', acked, null, future, 'SENT', null],
    ['available, expired', 'AVAILABLE', acked, null, past, 'AVAILABLE', null],
    ['not available, expired', 'NOT_AVAILABLE', acked, acked, past, 'NOT_AVAILABLE', null],
    ['finished before expiry', 'SENT', acked, acked, past, 'SENT', null],
  ])('%s', (_, stored, acknowledgedAt, finishedAt, expiresAt, availability, reason) => {
    expect(cameraState(state(stored), { acknowledgedAt, finishedAt, expiresAt }, now)).toEqual({
      availability,
      reason,
    });
  });
});

it.each<[MediaAvailability[], boolean]>([
  [['AVAILABLE', 'NOT_AVAILABLE', 'FAILED'], true],
  [['AVAILABLE', 'UPLOADING'], false],
  [['SENT'], false],
  [['WAITING_FOR_DEVICE'], false],
  [[], true],
])('isSettled(%o) is %s', (states, settled) => {
  expect(isSettled(states)).toBe(settled);
});
