import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './redact.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJtaWQiOjF9.c2lnbmF0dXJl';

describe('redactUrl', () => {
  it.each([
    ['no query', '/api/assets/1', '/api/assets/1'],
    [
      'a media link',
      `/api/mediafiles/7?link=${JWT}&download=true`,
      '/api/mediafiles/7?link=[REDACTED]&download=true',
    ],
    [
      'the Janus long-poll',
      '/janus/123?rid=9&maxev=1&token=opaque',
      '/janus/123?rid=9&maxev=1&token=[REDACTED]',
    ],
    ['the monitoring view', `/monitoring?t=${JWT}`, '/monitoring?t=[REDACTED]'],
    ['a name in capitals', '/x?TOKEN=abc', '/x?TOKEN=[REDACTED]'],
    ['a percent-encoded name', '/x?%74oken=abc&a=1', '/x?%74oken=[REDACTED]&a=1'],
    ['an empty value', '/x?token=', '/x?token=[REDACTED]'],
    ['a token in the path', `/api/links/${JWT}/file`, '/api/links/[REDACTED]/file'],
    ['a token under another name', `/x?q=${JWT}`, '/x?q=[REDACTED]'],
    [
      'other parameters stay',
      '/api/trips?from=2026-11-01&until=2026-11-02',
      '/api/trips?from=2026-11-01&until=2026-11-02',
    ],
    ['a parameter that only starts like one', '/x?tokens=3&type=a', '/x?tokens=3&type=a'],
  ])('%s', (_what, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('redactText', () => {
  it.each([
    [
      'a URL inside a log line',
      `{"msg":"GET http://gw/janus/1?token=abc&maxev=1 failed"}`,
      `{"msg":"GET http://gw/janus/1?token=[REDACTED]&maxev=1 failed"}`,
    ],
    ['a bare token', `{"err":"bad ${JWT}"}`, `{"err":"bad [REDACTED]"}`],
    ['plain text', '{"msg":"request","status":200}', '{"msg":"request","status":200}'],
  ])('%s', (_what, text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
});
