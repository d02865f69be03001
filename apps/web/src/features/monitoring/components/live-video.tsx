import Janus, { type JanusJS } from 'janus-gateway';
import adapter from 'webrtc-adapter';
import { useEffect, useRef, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  CONTROL_ROOM_DISPLAY,
  nextStreams,
  VIDEO_SIZE,
  type LiveStream,
  type StreamEvent,
} from '../monitoring';

type Room = {
  gatewayPath: string;
  token: string;
  roomId: number;
  pin: string;
  iceServers: RTCIceServer[];
};

type Status = 'connecting' | 'joined' | 'failed';
type Publisher = { id: number; display?: string };

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

/**
 * The room's video through Janus (spec §4 Live feed): join as publisher 'ControlRoom' with the
 * passphrase, publishing nothing (Janus accepts a participant that never publishes, so there is
 * nothing to record), and take every camera's feed on one multistream subscriber handle.
 * Returns the streams (at most five) and the MediaStream of each feed.
 */
function useLiveRoom(room: Room) {
  const [status, setStatus] = useState<Status>('connecting');
  const [streams, setStreams] = useState<LiveStream[]>([]);
  const [media, setMedia] = useState<ReadonlyMap<number, MediaStream>>(new Map());
  const { gatewayPath, token, roomId, pin, iceServers } = room;

  useEffect(() => {
    let stopped = false;
    let janus: Janus | null = null;
    let subscriber: JanusJS.PluginHandle | null = null;
    let subscriberJoining = false;
    let current: LiveStream[] = [];
    const waiting: number[] = [];
    /** mid → feed, from the subscriber's 'attached' and 'updated' events. */
    const feedOfMid = new Map<string, number>();

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

    const subscribe = (feeds: number[]) => {
      if (subscriber && !subscriberJoining) {
        subscriber.send({
          message: { request: 'subscribe', streams: feeds.map((feed) => ({ feed })) },
        });
        return;
      }
      waiting.push(...feeds);
      if (!subscriberJoining) attachSubscriber();
    };

    const attachSubscriber = () => {
      subscriberJoining = true;
      janus?.attach({
        plugin: 'janus.plugin.videoroom',
        success: (handle) => {
          subscriber = handle;
          const feeds = waiting.splice(0);
          handle.send({
            message: {
              request: 'join',
              ptype: 'subscriber',
              room: roomId,
              pin,
              streams: feeds.map((feed) => ({ feed })),
            },
          });
        },
        error: (error) => console.error('Error attaching plugin', error),
        onmessage: (message, jsep) => {
          const streamsInfo = message.streams as
            { mid?: string; feed_id?: number; type?: string }[] | undefined;
          if (streamsInfo)
            for (const s of streamsInfo)
              if (s.mid !== undefined && s.feed_id !== undefined) feedOfMid.set(s.mid, s.feed_id);
          if (message.videoroom === 'attached') {
            subscriberJoining = false;
            if (waiting.length) subscribe(waiting.splice(0));
          }
          if (!jsep) return;
          subscriber?.createAnswer({
            jsep,
            tracks: [{ type: 'data', capture: false }],
            success: (answer) =>
              subscriber?.send({ message: { request: 'start', room: roomId }, jsep: answer }),
            error: (error) => console.error('WebRTC answer failed', error),
          });
        },
        onremotetrack: (track, mid, on) => {
          const feed = feedOfMid.get(mid);
          if (feed === undefined || track.kind !== 'video') return;
          // onremotetrack can fire twice for one stream: one MediaStream per feed, replaced.
          setMedia((old) => {
            const next = new Map(old);
            if (on) next.set(feed, new MediaStream([track]));
            else next.delete(feed);
            return next;
          });
        },
      });
    };

    const onRoomMessage = (message: JanusJS.Message) => {
      const event = message.videoroom as string | undefined;
      if (event === 'joined') setStatus('joined');
      if (event === 'destroyed') {
        apply({ type: 'destroyed' });
        return;
      }
      const publishers = message.publishers as Publisher[] | undefined;
      if (publishers?.length) apply({ type: 'published', feeds: publishers });
      for (const key of ['unpublished', 'leaving'] as const) {
        const feed: unknown = message[key];
        if (typeof feed === 'number') apply({ type: 'gone', feed });
      }
      if (message.error) console.error('Video room:', message.error);
    };

    void initJanus().then(() => {
      if (stopped) return;
      janus = new Janus({
        server: gatewayPath,
        token,
        iceServers,
        success: () =>
          janus?.attach({
            plugin: 'janus.plugin.videoroom',
            success: (handle) =>
              handle.send({
                message: {
                  request: 'join',
                  ptype: 'publisher',
                  room: roomId,
                  pin,
                  display: CONTROL_ROOM_DISPLAY,
                },
              }),
            error: (error) => {
              console.error('Error attaching plugin', error);
              setStatus('failed');
            },
            onmessage: onRoomMessage,
          }),
        error: (error) => {
          console.error('Failed to connect to janus server', error);
          if (!stopped) setStatus('failed');
        },
        // Spec §4: the whole page reloads when the gateway session is destroyed.
        destroyed: () => {
          if (!stopped) window.location.reload();
        },
      });
    });

    return () => {
      stopped = true;
      janus?.destroy({ cleanupHandles: true });
    };
  }, [gatewayPath, token, roomId, pin, iceServers]);

  return { status, streams, media };
}

function StreamVideo({
  stream,
  media,
  label,
  onClick,
}: {
  stream: LiveStream;
  media: MediaStream | undefined;
  label: string;
  onClick: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== (media ?? null)) {
      video.current.srcObject = media ?? null;
      if (media) void video.current.play().catch(() => {});
    }
  }, [media]);
  return (
    <figure className="m-0" data-testid="live-video" data-camera={stream.camera ?? stream.display}>
      <button
        type="button"
        className="p-0 border-0 bg-transparent d-block"
        onClick={onClick}
        aria-label={label}
      >
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          width={VIDEO_SIZE.width}
          height={VIDEO_SIZE.height}
          className="bg-black mw-100 d-block"
        />
      </button>
      <figcaption className="small mt-1">{stream.display}</figcaption>
    </figure>
  );
}

/** LIVE: the cameras of an active monitoring; clicking one asks for a better picture. */
export default function LiveVideo({
  room,
  cameraLabel,
  onEnhance,
}: {
  room: Room;
  cameraLabel: (stream: LiveStream) => string;
  onEnhance: (stream: LiveStream) => void;
}) {
  const { t } = useTranslation();
  const { status, streams, media } = useLiveRoom(room);
  if (status === 'failed')
    return (
      <Alert variant="warning" className="mb-0" data-testid="live-failed">
        {t('monitoring.view.liveFailed')}
      </Alert>
    );
  return (
    <>
      {streams.length === 0 ? (
        <p className="text-body-secondary mb-0" data-testid="live-waiting">
          <Spinner size="sm" className="me-2" aria-hidden />
          {status === 'connecting'
            ? t('monitoring.view.connecting')
            : t('monitoring.view.waitingForCameras')}
        </p>
      ) : (
        <p className="small text-body-secondary">{t('monitoring.view.enhanceHint')}</p>
      )}
      <div className="d-flex flex-wrap gap-3">
        {streams.map((stream) => (
          <StreamVideo
            key={stream.feed}
            stream={stream}
            media={media.get(stream.feed)}
            label={`${t('monitoring.view.enhance')}: ${cameraLabel(stream)}`}
            onClick={() => onEnhance(stream)}
          />
        ))}
      </div>
    </>
  );
}
