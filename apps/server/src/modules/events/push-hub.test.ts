import { afterEach, describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '@fleet/contract';
import { DEFAULT_PUSH_LIMITS, PushHub, type ChannelSink } from './push-hub.js';

const manager: AccessTokenClaims = { organisation_id: 1, user_id: 7, user_role: 'MANAGER' };

/** A channel's socket that keeps what was written, as the client would read it. */
function socket() {
  const messages: string[] = [];
  let ended = false;
  const sink: ChannelSink = {
    write: (text) => (messages.push(text), true),
    buffered: 0,
    end: () => void (ended = true),
    abort: () => {},
  };
  const named = (name: string) => messages.filter((m) => m.includes(`event: ${name}\n`));
  return { sink, named, ended: () => ended };
}

let hub: PushHub | undefined;
afterEach(() => hub?.closeAll());

describe('the push hub when the visibility check fails', () => {
  it.each([
    ['the database away', () => Promise.reject(new Error('connection terminated'))],
    ['a statement timeout', () => Promise.reject(new Error('canceling statement due to timeout'))],
  ])(
    '%s: sends no event it could not check, asks for a resync, and asks again next time',
    async (_, failing) => {
      let answer: () => Promise<boolean> = failing;
      hub = new PushHub(() => answer(), { ...DEFAULT_PUSH_LIMITS, batchMs: 60_000 });
      const { sink, named } = socket();
      hub.open(manager, sink, false);

      hub.publish({ kind: 'asset', organisationId: 2, assetId: 11 });
      await hub.flush();
      expect(named('changes')).toEqual([]);
      expect(named('resync')).toHaveLength(1);

      // Not remembered as "not visible": the next batch is checked again and heard.
      answer = () => Promise.resolve(true);
      hub.publish({ kind: 'asset', organisationId: 2, assetId: 12 });
      await hub.flush();
      expect(named('changes')).toHaveLength(1);
      expect(named('changes')[0]).toContain('"assetId":12');
      expect(named('resync')).toHaveLength(1);
    },
  );

  it('an organisation outside the subtree stays unheard, without a resync', async () => {
    hub = new PushHub(() => Promise.resolve(false), { ...DEFAULT_PUSH_LIMITS, batchMs: 60_000 });
    const { sink, named } = socket();
    hub.open(manager, sink, false);
    hub.publish({ kind: 'asset', organisationId: 3, assetId: 21 });
    await hub.flush();
    expect(named('changes')).toEqual([]);
    expect(named('resync')).toEqual([]);
  });
});

describe('the push hub when the server stops', () => {
  // A browser's channel ended by the stop reconnects at once; had it been kept, the server's
  // close waited on it for as long as the page stayed open.
  it('ends a channel opened after closeAll at once, and keeps none', () => {
    hub = new PushHub(() => Promise.resolve(true));
    const before = socket();
    hub.open(manager, before.sink, false);
    hub.closeAll();
    expect(before.ended()).toBe(true);
    const after = socket();
    hub.open(manager, after.sink, false);
    expect(after.ended()).toBe(true);
    expect(hub.size).toBe(0);
  });
});
