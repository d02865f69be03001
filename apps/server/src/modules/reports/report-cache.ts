/**
 * Report answers kept for a few seconds (REPORT_CACHE_SECONDS), shared by the callers of one
 * organisation who ask for the same report: a fleet report of 2,000 assets is 1.5 MB of JSON and
 * about 50 ms of the server's thread, and a team opening the reports page asks for the same one.
 *
 * - The key is the kind, the organisation, the whole body and the generation. Who asks is
 *   checked on every call before the cache is looked at (reports.routes.ts).
 * - A successful write in this process (any call that may write, as db/replica-reads.ts tells
 *   them) starts a new generation: what was kept before it is not answered again, so whoever
 *   changed something sees it in their next report. New data from the devices shows within
 *   the seconds kept; a write served by another process too.
 * - Callers who ask while the same report is being made wait for it instead of making it again.
 * - Only whole answers of at most `maxEntryBytes` are kept, and `maxBytes` in all (the oldest
 *   go first).
 */
export interface ReportCacheOptions {
  /** how long an answer is kept, from when its making started; 0: nothing kept */
  seconds: number;
  /** the bytes of all answers kept */
  maxBytes: number;
  /** the largest answer kept */
  maxEntryBytes: number;
  now?: () => number;
}

/** How long a caller waits for the same report being made before making it too. */
const WAIT_MS = 3000;

export interface CachedReport {
  json: Buffer;
  /** when its making started (ms): its data is of then */
  madeAt: number;
  /** its gzip, made for the first caller who takes it (about a quarter of `json`) */
  gzip?: Promise<Buffer>;
}

interface Entry extends CachedReport {
  expires: number;
}

/** The body's JSON with its keys in order: the same report asked in two ways is one key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class ReportCache {
  private generation = 0;
  private bytes = 0;
  /** insertion order is age order: the first is the oldest */
  private readonly entries = new Map<string, Entry>();
  private readonly making = new Map<string, Promise<CachedReport | undefined>>();
  private readonly now: () => number;

  constructor(private readonly options: ReportCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.seconds > 0;
  }

  /** Something may have changed: nothing kept so far is answered again. */
  changed(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  key(kind: string, organisationId: number, body: unknown): string {
    return `${this.generation} ${kind} ${organisationId} ${canonicalJson(body)}`;
  }

  /**
   * A kept answer still fresh, or the one being made now once it is made (if it is kept),
   * waiting at most `waitMs`: its maker's client may read it slowly, and the answer is made
   * at the pace it is read.
   */
  async find(key: string, waitMs = WAIT_MS): Promise<CachedReport | undefined> {
    const entry = this.fresh(key);
    if (entry) return entry;
    const making = this.making.get(key);
    if (!making) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      return await Promise.race([making, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry;
    this.drop(key, entry);
    return undefined;
  }

  /**
   * Starts making the answer of `key`, a JSON array: `item` collects each item's text as it is
   * sent, `end(whole)` keeps the array when it was whole (and small enough) and lets those who
   * waited for it have it.
   */
  start(key: string): { item: (text: string) => string; end: (whole: boolean) => void } {
    const madeAt = this.now();
    const generation = this.generation;
    let parts: string[] | undefined = this.enabled ? [] : undefined;
    let size = 0;
    // The first to make it lets those who ask meanwhile wait for it.
    let settle: ((report: CachedReport | undefined) => void) | undefined;
    if (parts && !this.making.has(key))
      this.making.set(key, new Promise((resolve) => (settle = resolve)));
    return {
      item: (text) => {
        if (parts) {
          size += Buffer.byteLength(text);
          if (size > this.options.maxEntryBytes) parts = undefined;
          else parts.push(text);
        }
        return text;
      },
      end: (whole) => {
        let report: CachedReport | undefined;
        if (whole && parts && generation === this.generation) {
          report = { json: Buffer.from(`[${parts.join(',')}]`), madeAt };
          this.put(key, report);
        }
        parts = undefined;
        if (settle) {
          this.making.delete(key);
          settle(report);
        }
      },
    };
  }

  private put(key: string, report: CachedReport) {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (report.json.length > this.options.maxBytes) return;
    this.entries.set(key, { ...report, expires: report.madeAt + this.options.seconds * 1000 });
    this.bytes += report.json.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.json.length;
  }

  /** For tests and the health of the cache: answers kept and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
