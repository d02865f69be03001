import {
  AUTOMATIC_CLIP_SECONDS,
  CLIP_RECALL_HOURS,
  MAX_AUTOMATIC_CLIPS_PER_DAY,
  type MediaRequestInput,
} from '@fleet/contract';
import type { ClipCandidate, ClipsRepository } from './clips.repository.js';

/** Seconds a new case waits for the clip the device sends by itself before one is asked for. */
export const CLIP_GRACE_SECONDS = 300;
/** Cases looked at per run. */
const BATCH = 200;

/** Asks a device for a clip (the media requests module's front door); answers the request's id. */
export type RequestClip = (assetId: number, input: MediaRequestInput) => Promise<number>;

export type ClipDecision = 'request' | 'off' | 'has clip' | 'too old' | 'limit';

/**
 * Whether a case without a clip asks the device for one (issue 20 §1), pure: only when the
 * organisation wants it, the case has no clip yet, the camera still holds the moment
 * (CLIP_RECALL_HOURS) and the organisation has not asked for its day's share already.
 */
export function clipDecision(c: ClipCandidate, now: Date, requestedToday: number): ClipDecision {
  if (!c.request_clips) return 'off';
  if (c.has_clip) return 'has clip';
  if (now.getTime() - c.event_time.getTime() > CLIP_RECALL_HOURS * 3_600_000) return 'too old';
  if (requestedToday >= MAX_AUTOMATIC_CLIPS_PER_DAY) return 'limit';
  return 'request';
}

/** The `safety.clips` job: each new case is looked at once, after CLIP_GRACE_SECONDS. */
export class SafetyClips {
  constructor(
    private readonly repository: ClipsRepository,
    private readonly requestClip: RequestClip,
    private readonly log: { warn(object: object, message: string): void },
  ) {}

  /** Looks at the cases due; answers how many clips were asked for. */
  async run(now = new Date()): Promise<number> {
    const due = await this.repository.due(
      new Date(now.getTime() - CLIP_GRACE_SECONDS * 1000),
      BATCH,
    );
    const requested = await this.repository.requestedToday(due.map((c) => c.organisation_id));
    let asked = 0;
    // One automatic clip at a time per asset (the device makes one after another, and a person's
    // request must not wait behind a row of them): a second case of an asset asked for in this run
    // stays unchecked, and is looked at again once that clip is done (ClipsRepository.due).
    const askedFor = new Set<number>();
    for (const c of due) {
      const today = requested.get(c.organisation_id) ?? 0;
      const decision = clipDecision(c, now, today);
      if (decision === 'request' && askedFor.has(c.asset_id)) continue;
      let requestId: number | null = null;
      if (decision === 'request') {
        requestId = await this.ask(c);
        if (requestId !== null) {
          requested.set(c.organisation_id, today + 1);
          askedFor.add(c.asset_id);
          asked++;
        }
      }
      await this.repository.checked(c.id, requestId);
    }
    return asked;
  }

  private async ask(c: ClipCandidate): Promise<number | null> {
    try {
      return await this.requestClip(c.asset_id, {
        mediaType: 'VIDEO',
        duration: AUTOMATIC_CLIP_SECONDS,
        cameraMask: 1,
        mediaTimestamp: c.event_time.toISOString(),
      });
    } catch (error) {
      // No device then, or the moment cannot be asked for: the case stays without a clip.
      this.log.warn({ err: error, caseId: c.id }, 'safety: no clip could be asked for');
      return null;
    }
  }
}
