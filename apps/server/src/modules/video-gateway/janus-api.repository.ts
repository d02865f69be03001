import { randomBytes } from 'node:crypto';

/** A Janus answer other than success (an error of Janus or of the VideoRoom plugin). */
export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** The VideoRoom's "no such room" (destroying twice is fine). */
export const NO_SUCH_ROOM = 426;

export interface RoomSpec {
  room: number;
  pin: string;
  secret: string;
  description: string;
  publishers: number;
  recDir: string | null;
}

const transaction = () => randomBytes(8).toString('hex');

/**
 * Janus's HTTP API (https://janus.conf.meetecho.com/docs/rest.html): a session and a VideoRoom
 * handle per operation, then gone. Every call is bounded in time.
 */
export class JanusApi {
  constructor(
    /** e.g. http://127.0.0.1:8088/janus */
    readonly url: string,
    private readonly adminKey: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  private async post(path: string, body: object): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: transaction() }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new JanusError(`Janus answered HTTP ${response.status}`);
    const answer = (await response.json()) as Record<string, unknown>;
    if (answer.janus === 'error') {
      const error = answer.error as { code?: number; reason?: string } | undefined;
      throw new JanusError(error?.reason ?? 'Janus error', error?.code);
    }
    return answer;
  }

  /** Whether Janus answers its info request. */
  async alive(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/info`, {
        signal: AbortSignal.timeout(Math.min(this.timeoutMs, 2000)),
      });
      if (!response.ok) return false;
      const info = (await response.json()) as { janus?: string };
      return info.janus === 'server_info';
    } catch {
      return false;
    }
  }

  /** Runs `work` with a VideoRoom handle of a fresh session, then destroys the session. */
  private async withVideoRoom<T>(
    work: (message: (body: object) => Promise<Record<string, unknown>>) => Promise<T>,
  ): Promise<T> {
    const session = await this.post('', { janus: 'create' });
    const sessionId = (session.data as { id: number }).id;
    try {
      const attached = await this.post(`/${sessionId}`, {
        janus: 'attach',
        plugin: 'janus.plugin.videoroom',
      });
      const handleId = (attached.data as { id: number }).id;
      return await work(async (body) => {
        const answer = await this.post(`/${sessionId}/${handleId}`, { janus: 'message', body });
        const data = (answer.plugindata as { data?: Record<string, unknown> } | undefined)?.data;
        if (!data) throw new JanusError('The VideoRoom plugin gave no answer');
        if (data.videoroom === 'event' && data.error_code) {
          throw new JanusError(String(data.error), Number(data.error_code));
        }
        return data;
      });
    } finally {
      await this.post(`/${sessionId}`, { janus: 'destroy' }).catch(() => undefined);
    }
  }

  /** A private room with a pin and a secret, recording when recDir is given. */
  async createRoom(spec: RoomSpec): Promise<void> {
    await this.withVideoRoom((message) =>
      message({
        request: 'create',
        room: spec.room,
        ...(this.adminKey ? { admin_key: this.adminKey } : {}),
        permanent: false,
        is_private: true,
        description: spec.description,
        secret: spec.secret,
        pin: spec.pin,
        publishers: spec.publishers,
        videocodec: 'vp8,h264',
        audiocodec: 'opus',
        fir_freq: 2,
        notify_joining: true,
        ...(spec.recDir ? { record: true, rec_dir: spec.recDir } : { record: false }),
      }),
    );
  }

  /** Destroys the room (everyone in it hears `destroyed`); a room already gone is fine. */
  async destroyRoom(room: number, secret: string): Promise<void> {
    await this.withVideoRoom(async (message) => {
      try {
        await message({ request: 'destroy', room, secret, permanent: false });
      } catch (error) {
        if (error instanceof JanusError && error.code === NO_SUCH_ROOM) return;
        throw error;
      }
    });
  }

  async roomExists(room: number): Promise<boolean> {
    return this.withVideoRoom(async (message) => {
      const data = await message({ request: 'exists', room });
      return data.exists === true;
    });
  }

  /** The room's participants: display names of its publishers. */
  async participants(room: number): Promise<{ display: string; publisher: boolean }[]> {
    return this.withVideoRoom(async (message) => {
      const data = await message({ request: 'listparticipants', room });
      return ((data.participants as { display?: string; publisher?: boolean }[]) ?? []).map(
        (p) => ({ display: p.display ?? '', publisher: p.publisher === true }),
      );
    });
  }
}
