import '../locales/register';
import { formatDuration, type AssetMonitoring } from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { Alert, Badge, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Address } from '@/components/address';
import { clientConfigQueryOptions } from '@/components/map/map-style';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { session } from '@/lib/auth';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { endByToken, enhanceVideo, viewQueryOptions } from '../api/monitoring';
import {
  CAMERA_BITS,
  durationSeconds,
  firstPoint,
  lastPoint,
  monitoringIdOf,
  type LiveStream,
} from '../monitoring';
import { RecordedVideos } from './recorded-videos';
import { ConfirmButton } from './shared';
import './monitoring-view.css';

// The map and the Janus client are the heavy parts: each its own chunk, Janus only while live.
const MonitoringMap = lazy(() => import('./monitoring-map'));

/**
 * The live card's chunk (janus.js with it), loaded while the monitoring loads. Not React.lazy:
 * React reveals a Suspense boundary's content at the earliest 300 ms after the last fallback it
 * showed, and the first frame (issue 19 §5, ≤ 1 s) cannot spare that wait.
 */
let liveVideoChunk: Promise<typeof import('./live-video')> | undefined;
const loadLiveVideo = () => (liveVideoChunk ??= import('./live-video'));

/** The live card's component once its chunk is there; undefined before. */
function useLiveVideo() {
  const [chunk, setChunk] = useState<typeof import('./live-video')>();
  useEffect(() => {
    let live = true;
    loadLiveVideo().then(
      (loaded) => live && setChunk(loaded),
      (error: unknown) => console.error('The live video could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return chunk?.default;
}

function ViewCard({
  title,
  children,
  testId,
  titleClass,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  testId: string;
  titleClass?: string;
  className?: string;
}) {
  return (
    <Card className={`mb-3 ${className ?? ''}`} data-testid={testId}>
      <Card.Header as="h2" className={`h6 mb-0 fw-bold ${titleClass ?? ''}`}>
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-sm-6 col-lg-4 mb-2">
      <div className="small text-body-secondary">{label}</div>
      <div>{children}</div>
    </div>
  );
}

function When({ at }: { at: string }) {
  return (
    <>
      {formatDate(at)} <strong>{formatTime(at)}</strong>
    </>
  );
}

function Header({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <header className="bg-success text-white px-4 py-3 mb-3">
      <h1 className="h4 m-0">
        {t('monitoring.view.title')}
        {subtitle && <span className="fw-normal"> · {subtitle}</span>}
      </h1>
    </header>
  );
}

/** The live card, a spinner while its chunk loads. */
function LiveCard(props: ComponentProps<LiveVideoComponent>) {
  const LiveVideo = useLiveVideo();
  // The chunk's default export: one and the same component on every render once loaded.
  // eslint-disable-next-line react-hooks/static-components
  return LiveVideo ? <LiveVideo {...props} /> : <Spinner size="sm" />;
}
type LiveVideoComponent = (typeof import('./live-video'))['default'];

function VideoCard({ monitoring: m, token }: { monitoring: AssetMonitoring; token: string }) {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQueryOptions);
  const live = config.data?.liveVideo;
  const feed = m.liveFeed;
  const roomId = feed?.roomId;
  const pin = feed?.joinPassphrase;
  // TURN credentials come with the live monitoring (client-config has STUN only). The view polls
  // every second; the servers are taken once per room so a fresh credential does not reconnect.
  const [ice, setIce] = useState<{ roomId: number; servers: RTCIceServer[] } | null>(null);
  if (roomId && feed?.iceServers && ice?.roomId !== roomId)
    setIce({ roomId, servers: feed.iceServers });
  const servers = ice && ice.roomId === roomId ? ice.servers : null;
  const room = useMemo(
    () =>
      roomId && pin && live
        ? {
            gatewayPath: live.gatewayPath,
            token,
            roomId,
            pin,
            iceServers: servers ?? live.iceServers,
          }
        : null,
    [roomId, pin, live, token, servers],
  );
  if (!feed) return null;
  const cameraLabel = (stream: LiveStream) =>
    stream.camera ? t(`monitoring.cameras.${stream.camera}`) : stream.display;
  const enhance = (stream: LiveStream) => {
    if (!stream.camera) return;
    enhanceVideo(m.id, token, CAMERA_BITS[stream.camera]).then(
      () =>
        notify(t('monitoring.view.enhanceSent', { camera: cameraLabel(stream) }), {
          type: 'info',
        }),
      (error: unknown) => console.error('Enhance video failed', error),
    );
  };
  return (
    <ViewCard
      testId="video-card"
      className="monitoring-video-card"
      title={m.end ? t('monitoring.view.recorded') : t('monitoring.view.live')}
      titleClass={m.end ? '' : 'text-danger-emphasis'}
    >
      {m.end ? (
        <RecordedVideos monitoringId={m.id} liveFeed={feed} token={token} />
      ) : !feed.available || !room ? (
        <Alert variant="warning" className="mb-0" data-testid="live-video-unavailable">
          {feed.reason
            ? t('monitoring.liveVideoUnavailable', { reason: feed.reason })
            : t('monitoring.liveVideoUnavailableNoReason')}
        </Alert>
      ) : (
        <LiveCard room={room} cameraLabel={cameraLabel} onEnhance={enhance} />
      )}
    </ViewCard>
  );
}

function Monitoring({ monitoring: m, token }: { monitoring: AssetMonitoring; token: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: () => endByToken(m.id, token),
    onSuccess: (ended) => client.setQueryData(viewQueryOptions(m.id, token).queryKey, ended),
    onError: (error) =>
      notify(t('monitoring.view.endFailed', { message: errorText(error) }), { type: 'danger' }),
  });
  const seconds = durationSeconds(m);
  const first = firstPoint(m.dataPoints);
  const last = lastPoint(m.dataPoints);
  return (
    <div className="monitoring-page">
      <Header subtitle={m.assetName} />
      <main className="monitoring-layout">
        <div className="monitoring-side">
          <ViewCard testId="info-card" title={t('monitoring.view.info')}>
            <div className="row">
              <Field label={t('monitoring.controlRoom')}>
                {m.controlRoomAlarm.controlRoomIdentifier ?? t('monitoring.noControlRoom')}
              </Field>
              {seconds !== null && (
                <Field label={t('monitoring.duration')}>{formatDuration(seconds)}</Field>
              )}
              <Field label={t('monitoring.device')}>
                {m.deviceName} <span className="text-body-secondary">({m.deviceIdentifier})</span>
              </Field>
              <Field label={t('monitoring.asset')}>{m.assetName}</Field>
              <Field label={t('monitoring.driver')}>
                {m.driverName ?? t('monitoring.noDriver')}
              </Field>
              {m.driverPhone && (
                <Field label={t('monitoring.view.phone')}>
                  <a href={`tel:${m.driverPhone}`}>{m.driverPhone}</a>
                </Field>
              )}
            </div>
          </ViewCard>
          <div className="row">
            <div className="col-md-6">
              <ViewCard testId="start-card" title={t('monitoring.start')}>
                <When at={m.start} />
                <div>
                  <Address location={first?.location} />
                </div>
              </ViewCard>
            </div>
            <div className="col-md-6">
              {m.end ? (
                <ViewCard testId="end-card" title={t('monitoring.end')}>
                  <When at={m.end} />
                  <div>
                    <Address location={last?.location} />
                  </div>
                </ViewCard>
              ) : (
                <ViewCard
                  testId="active-card"
                  title={t('monitoring.active')}
                  titleClass="text-white bg-danger"
                >
                  <div className="small text-body-secondary">{t('monitoring.view.lastData')}</div>
                  {last ? (
                    <>
                      <When at={last.timestamp} />
                      <div>
                        <Address location={last.location} />
                      </div>
                    </>
                  ) : (
                    <p className="mb-0">{t('monitoring.view.noData')}</p>
                  )}
                  <ConfirmButton
                    className="w-100 mt-3"
                    question={t('monitoring.confirmEnd')}
                    pending={end.isPending}
                    onConfirm={() => end.mutate()}
                    testId="end-monitoring"
                  >
                    {t('monitoring.view.end')}
                  </ConfirmButton>
                </ViewCard>
              )}
            </div>
          </div>
          <ViewCard
            testId="map-card"
            title={
              <>
                {t('monitoring.view.map')}{' '}
                <Badge bg="secondary" className="fw-normal">
                  {m.dataPoints.length}
                </Badge>
              </>
            }
          >
            <Suspense fallback={<Spinner size="sm" />}>
              <MonitoringMap points={m.dataPoints} />
            </Suspense>
          </ViewCard>
        </div>
        <VideoCard monitoring={m} token={token} />
      </main>
    </div>
  );
}

/**
 * Makes the Janus session while the monitoring loads (issue 19 §5: the first frame within a
 * second), and closes it unused when the monitoring turns out to have no live video.
 */
function useWarmLiveRoom(token: string | null, id: number | null, m: AssetMonitoring | undefined) {
  const live = useQuery(clientConfigQueryOptions).data?.liveVideo;
  const wanted =
    !!token && !!id && !!live?.available && (!m || (!m.end && !!m.liveFeed?.available));
  const warmed = useRef(false);
  useEffect(() => {
    // Once per page: a session made later would wait for nobody.
    if (!wanted || !live || !token || warmed.current) return;
    warmed.current = true;
    let cancelled = false;
    const room = import('./use-live-room');
    void loadLiveVideo(); // the live card's chunk, ready when the monitoring is
    void room.then((r) => !cancelled && r.warmUpLiveRoom(live.gatewayPath, token, live.iceServers));
    // Ended, or no live video after all: close it unless the live card took it.
    return () => {
      cancelled = true;
      void room.then((r) => r.dropWarmLiveRoom());
    };
  }, [wanted, live, token]);
}

/** Spec §2 Monitoring view: the monitoring its link's token opens, for a visitor without a session. */
export function MonitoringView({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const id = monitoringIdOf(token);
  // Spec §3/§4: the token is kept under the monitoring entry, with the monitoring's id.
  useEffect(() => {
    if (token && id) session.setMonitoring(token);
  }, [token, id]);
  const monitoring = useQuery({
    ...viewQueryOptions(id ?? 0, token ?? ''),
    enabled: !!token && !!id,
  });
  useWarmLiveRoom(token, id, monitoring.data);
  if (!token || !id || (monitoring.isError && !monitoring.data))
    return (
      <>
        <Header />
        <main className="container-lg">
          <Alert variant="danger" data-testid="unable-to-load">
            <h2 className="h5">{t('monitoring.view.unableToLoad')}</h2>
            <p className="mb-0">{t('monitoring.view.unableToLoadHint')}</p>
          </Alert>
        </main>
      </>
    );
  if (!monitoring.data)
    return (
      <>
        <Header />
        <main className="container-lg">
          <Spinner size="sm" className="me-2" aria-hidden />
          {t('monitoring.view.loading')}
        </main>
      </>
    );
  return <Monitoring monitoring={monitoring.data} token={token} />;
}
