import { describe, expect, it } from 'vitest';
import { setFleetZone } from '../../lib/fleet-time';
import {
  defaultRequestForm,
  requestFormIssues,
  toRequestInput,
  type RequestFormValues,
} from './request-form';

setFleetZone('Europe/Amsterdam');
// 2026-11-10 09:00:00 in Amsterdam (UTC+1)
const NOW = Date.parse('2026-11-10T08:00:00Z');
const form = (values: Partial<RequestFormValues>): RequestFormValues => ({
  mediaType: 'PICTURE',
  duration: '',
  moment: '2026-11-10T08:58:00',
  cameras: ['FRONT'],
  ...values,
});

describe('requestFormIssues (spec §5)', () => {
  it.each<[string, Partial<RequestFormValues>, [string, string][]]>([
    ['a picture of two minutes ago', {}, []],
    ['a picture with a leftover duration (ignored)', { duration: '12' }, []],
    ['no media type', { mediaType: '' }, [['mediaType', 'required']]],
    ['a video without a duration', { mediaType: 'VIDEO' }, [['duration', 'required']]],
    ['a video of blanks', { mediaType: 'VIDEO', duration: '  ' }, [['duration', 'required']]],
    ['a video of 30 s', { mediaType: 'VIDEO', duration: '30' }, []],
    ['a video of 60 s', { mediaType: 'VIDEO', duration: '60' }, []],
    ['a video of 61 s', { mediaType: 'VIDEO', duration: '61' }, [['duration', 'durationRange']]],
    ['a video of 0 s', { mediaType: 'VIDEO', duration: '0' }, [['duration', 'durationRange']]],
    ['a video of 2.5 s', { mediaType: 'VIDEO', duration: '2.5' }, [['duration', 'invalid']]],
    ['a video of -3 s', { mediaType: 'VIDEO', duration: '-3' }, [['duration', 'invalid']]],
    ['a video of "ten" s', { mediaType: 'VIDEO', duration: 'ten' }, [['duration', 'invalid']]],
    ['no moment', { moment: '' }, [['moment', 'required']]],
    ['a moment that is not one', { moment: '2026-02-30T10:00' }, [['moment', 'invalid']]],
    ['now', { moment: '2026-11-10T09:00:00' }, []],
    ['one minute ahead', { moment: '2026-11-10T09:01:00' }, [['moment', 'future']]],
    ['no camera', { cameras: [] }, [['cameras', 'noCamera']]],
    [
      'everything missing',
      { mediaType: '', moment: '', cameras: [] },
      [
        ['mediaType', 'required'],
        ['moment', 'required'],
        ['cameras', 'noCamera'],
      ],
    ],
  ])('%s', (_, values, expected) => {
    const issues = requestFormIssues(form(values), NOW).map((i) => [i.field, i.rule]);
    expect(issues).toEqual(expected);
  });
});

describe('the request sent', () => {
  it('is a picture: no duration, the mask of the cameras, times with the fleet offset', () => {
    const input = toRequestInput(form({ cameras: ['FRONT', 'RIGHT'] }), 7, new Date(NOW));
    expect(input).toEqual({
      assetId: 7,
      mediaType: 'PICTURE',
      cameraMask: 9,
      timestamp: '2026-11-10T09:00:00+01:00',
      mediaTimestamp: '2026-11-10T08:58:00+01:00',
    });
  });

  it('is a video with its seconds; without an asset id for a driver', () => {
    const input = toRequestInput(
      form({ mediaType: 'VIDEO', duration: ' 20 ', cameras: ['REAR'] }),
      undefined,
      new Date(NOW),
    );
    expect(input).toMatchObject({ mediaType: 'VIDEO', duration: 20, cameraMask: 2 });
    expect(input).not.toHaveProperty('assetId');
  });

  it('opens with the front camera at the moment given, the type chosen or not', () => {
    expect(defaultRequestForm('2026-11-10T07:30:15Z').mediaType).toBe('');
    expect(defaultRequestForm('2026-11-10T07:30:15Z', 'PICTURE')).toEqual({
      mediaType: 'PICTURE',
      duration: '',
      moment: '2026-11-10T08:30:15',
      cameras: ['FRONT'],
    });
  });
});
