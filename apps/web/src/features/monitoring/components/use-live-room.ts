import Janus, { type JanusJS } from 'janus-gateway';
import adapter from 'webrtc-adapter';
import { useEffect, useState } from 'react';
import { feedsOfMids, gatewayServers, roomNews, withTrack } from '../live-room';
import {
  CONTROL_ROOM_DISPLAY,
  nextStreams,
  type LiveStream,
  type StreamEvent,
} from '../monitoring';

export type Room = {
  gatewayPath: string;
  token: string;
  roomId: number;
  pin: string;
  iceServers: RTCIceServer[];
};

type Status = 'connecting' | 'joined' | 'failed';

/** A step of the way to the first frame, for the bench (performance marks 'live:…'). */
const mark = (step: string) => performance.mark(`live:${step}`);

let initialised: Promise<void> | null = null;
/** janus.js is set up once per page, with webrtc-adapter loaded first (design/live-video.md). */
const initJanus = () =>
  (initialised ??= new Promise<void>((resolve) =>
    Janus.init({
      debug: false,
      dependencies: Janus.useDefaultDependencies({ adapter }),
      callback: () => resolve(),
    }),
  ));

type OnMessage = (message: JanusJS.Message, jsep?: JanusJS.JSEP) => void;
type OnTrack = (track: MediaStreamTrack, mid: string, on: boolean) => void;
/** A VideoRoom handle attached in advance, and where its events go once someone takes it. */
type Handle = { handle: JanusJS.PluginHandle; on: { message?: OnMessage; track?: OnTrack } };

/** Attaches a VideoRoom handle (no room needed yet); its events go to what `on` says later. */
const attachHandle = (janus: Janus, name: string) =>
  new Promise<Handle>((resolve, reject) => {
    const on: Handle['on'] = {};
    janus.attach({
      plugin: 'janus.plugin.videoroom',
      success: (handle) => {
        mark(`${name}-attached`);
        resolve({ handle, on });
      },
      error: reject,
      onmessage: (message, jsep) => on.message?.(message, jsep),
      onremotetrack: (track, mid, added) => on.track?.(track, mid, added),
      iceState: (state) => mark(`${name}-ice-${state}`),
      webrtcState: (up) => mark(`${name}-webrtc-${up ? 'up' : 'down'}`),
    });
  });

/**
 * The subscriber side: one multistream handle that takes every camera's feed. Answers the
 * function that subscribes to more feeds; feeds asked for before the handle joined wait for it.
 */
function liveSubscriber(
  attached: Promise<Handle>,
  { roomId, pin }: Pick<Room, 'roomId' | 'pin'>,
  onTrack: (feed: number, stream: MediaStream | null) => void,
) {
  let handle: JanusJS.PluginHandle | null = null;
  let joining = false;
  let joined = false;
  const waiting: number[] = [];
  /** mid → feed, from the subscriber's 'attached' and 'updated' events. */
  const feedOfMid = new Map<string, number>();

  const join = (janus: JanusJS.PluginHandle) => {
    joining = true;
    const feeds = waiting.splice(0);
    janus.send({
      message: {
        request: 'join',
        ptype: 'subscriber',
        room: roomId,
        pin,
        streams: feeds.map((feed) => ({ feed })),
      },
    });
  };

  const subscribe = (feeds: number[]) => {
    if (handle && joined) {
      handle.send({ message: { request: 'subscribe', streams: feeds.map((feed) => ({ feed })) } });
      return;
    }
    waiting.push(...feeds);
    if (handle && !joining) join(handle);
  };

  const onMessage: OnMessage = (message, jsep) => {
    for (const [mid, feed] of feedsOfMids(message)) feedOfMid.set(mid, feed);
    if (message.videoroom === 'attached') {
      mark('subscriber-joined');
      joined = true;
      if (waiting.length) subscribe(waiting.splice(0));
    }
    if (!jsep) return;
    mark('offer');
    handle?.createAnswer({
      jsep,
      tracks: [{ type: 'data', capture: false }],
      success: (answer) => {
        mark('answer');
        handle?.send({ message: { request: 'start', room: roomId }, jsep: answer });
      },
      error: (error) => console.error('WebRTC answer failed', error),
    });
  };

  /** feed → the MediaStream its video shows, kept while the feed's track stays the same. */
  const streamOfFeed = new Map<number, MediaStream>();
  const onRemoteTrack: OnTrack = (track, mid, on) => {
    const feed = feedOfMid.get(mid);
    if (feed === undefined || track.kind !== 'video') return;
    // janus.js says a track went when it is muted (no packets for a moment, as on a busy machine
    // or network) and came when it is unmuted: the video keeps its stream and its last frame
    // meanwhile. A feed's stream is dropped when the feed leaves the room (the room's events).
    if (!on || streamOfFeed.get(feed)?.getVideoTracks()[0]?.id === track.id) return;
    mark('track');
    const stream = new MediaStream([track]);
    streamOfFeed.set(feed, stream);
    onTrack(feed, stream);
  };

  attached.then(
    (taken) => {
      taken.on.message = onMessage;
      taken.on.track = onRemoteTrack;
      handle = taken.handle;
      if (waiting.length) join(handle);
    },
    (error: unknown) => console.error('Error attaching plugin', error),
  );
  return subscribe;
}

/** Joins as publisher 'ControlRoom' with the passphrase, publishing nothing. */
function joinAsControlRoom(
  attached: Promise<Handle>,
  { roomId, pin }: Pick<Room, 'roomId' | 'pin'>,
  onMessage: (message: JanusJS.Message) => void,
  onFailure: () => void,
) {
  attached.then(
    ({ handle, on }) => {
      on.message = onMessage;
      handle.send({
        message: {
          request: 'join',
          ptype: 'publisher',
          room: roomId,
          pin,
          display: CONTROL_ROOM_DISPLAY,
        },
      });
    },
    (error: unknown) => {
      console.error('Error attaching plugin', error);
      onFailure();
    },
  );
}

type Session = {
  key: string;
  ready: Promise<Janus>;
  /** the control room's publisher handle and the subscriber handle, attached as soon as it is */
  publisher: Promise<Handle>;
  subscriber: Promise<Handle>;
  /** what the session's user does when it fails after connecting, or is destroyed */
  on: { error: (error: unknown) => void; destroyed: () => void };
};

const sessionKey = (gatewayPath: string, token: string, iceServers: RTCIceServer[]) =>
  JSON.stringify([gatewayPath, token, iceServers]);

/** A Janus session through the app's gateway path; `ready` rejects when it cannot be made. */
function openSession(gatewayPath: string, token: string, iceServers: RTCIceServer[]): Session {
  const on: Session['on'] = {
    error: (error) => console.error('Janus session failed', error),
    destroyed: () => {},
  };
  const ready = initJanus().then(
    () =>
      new Promise<Janus>((resolve, reject) => {
        let connected = false;
        const janus: Janus = new Janus({
          server: gatewayServers(gatewayPath, token, window.location),
          token,
          iceServers,
          success: () => {
            mark('session');
            connected = true;
            resolve(janus);
          },
          error: (error) => (connected ? on.error(error) : reject(error)),
          destroyed: () => on.destroyed(),
        });
      }),
  );
  // Both handles are attached at once, side by side: the joins then need only the room.
  const publisher = ready.then((janus) => attachHandle(janus, 'publisher'));
  const subscriber = ready.then((janus) => attachHandle(janus, 'subscriber'));
  // Their user hears of a failure through these promises.
  for (const promise of [ready, publisher, subscriber]) promise.catch(() => {});
  return { key: sessionKey(gatewayPath, token, iceServers), ready, publisher, subscriber, on };
}

const closeSession = (session: Session) =>
  void session.ready.then(
    (janus) => janus.destroy({ cleanupHandles: true }),
    () => {},
  );

/** The session made before the monitoring arrived, waiting for the live card to take it. */
let warm: Session | null = null;

/**
 * Loads the Janus client and makes its session while the monitoring's data loads (issue 19 §5:
 * the first frame within a second): only the join needs the room and its passphrase.
 */
export function warmUpLiveRoom(gatewayPath: string, token: string, iceServers: RTCIceServer[]) {
  if (warm?.key === sessionKey(gatewayPath, token, iceServers)) return;
  dropWarmLiveRoom();
  warm = openSession(gatewayPath, token, iceServers);
}

/** Closes the session made in advance when nobody will take it (ended, or no live video). */
export function dropWarmLiveRoom() {
  if (warm) closeSession(warm);
  warm = null;
}

/** The session made in advance when it fits the room (same gateway, token and ICE servers). */
function takeSession({ gatewayPath, token, iceServers }: Room): Session {
  const session =
    warm?.key === sessionKey(gatewayPath, token, iceServers)
      ? warm
      : openSession(gatewayPath, token, iceServers);
  if (warm !== session) dropWarmLiveRoom();
  warm = null;
  return session;
}

/**
 * The room's video through Janus (spec §4 Live feed): join as publisher 'ControlRoom' with the
 * passphrase, publishing nothing (Janus accepts a participant that never publishes, so there is
 * nothing to record), and take every camera's feed on one multistream subscriber handle.
 * Returns the streams (at most five) and the MediaStream of each feed.
 */
export function useLiveRoom(room: Room) {
  const [status, setStatus] = useState<Status>('connecting');
  const [streams, setStreams] = useState<LiveStream[]>([]);
  const [media, setMedia] = useState<ReadonlyMap<number, MediaStream>>(new Map());
  const { gatewayPath, token, roomId, pin, iceServers } = room;

  useEffect(() => {
    mark('room');
    let stopped = false;
    let current: LiveStream[] = [];
    const session = takeSession({ gatewayPath, token, roomId, pin, iceServers });
    const subscribe = liveSubscriber(session.subscriber, { roomId, pin }, (feed, stream) =>
      setMedia((old) => withTrack(old, feed, stream)),
    );

    const apply = (event: StreamEvent) => {
      const before = current;
      current = nextStreams(current, event);
      setStreams(current);
      const added = current.filter((s) => !before.some((b) => b.feed === s.feed));
      if (added.length) subscribe(added.map((s) => s.feed));
      if (event.type !== 'published') {
        const kept = new Set(current.map((s) => s.feed));
        setMedia((old) => new Map([...old].filter(([feed]) => kept.has(feed))));
      }
    };

    const onRoomMessage = (message: JanusJS.Message) => {
      const { joined, events } = roomNews(message);
      if (joined) {
        mark('publisher-joined');
        setStatus('joined');
      }
      events.forEach(apply);
      if (message.error && message.videoroom !== 'destroyed')
        console.error('Video room:', message.error);
    };

    const failed = (error: unknown) => {
      console.error('Failed to connect to janus server', error);
      if (!stopped) setStatus('failed');
    };
    session.on.error = failed;
    // Spec §4: the whole page reloads when the gateway session is destroyed.
    session.on.destroyed = () => {
      if (!stopped) window.location.reload();
    };
    session.ready.catch(failed);
    joinAsControlRoom(session.publisher, { roomId, pin }, onRoomMessage, () => {
      if (!stopped) setStatus('failed');
    });

    return () => {
      stopped = true;
      closeSession(session);
    };
  }, [gatewayPath, token, roomId, pin, iceServers]);

  return { status, streams, media };
}
