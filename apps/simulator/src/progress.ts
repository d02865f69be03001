/**
 * Progress of a long send on stderr: one line redrawn in place on a terminal,
 * a plain line every 10 % otherwise (logs, CI).
 */
export class Progress {
  private sent = 0;
  private total = 0;
  private readonly started = Date.now();
  private lastDraw = 0;
  private lastTenth = -1;
  private readonly tty: boolean;

  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    /** what is counted: '… records sent' */
    private readonly unit = 'records',
  ) {
    this.tty = Boolean(stream.isTTY);
  }

  /** The total as best known so far; it may grow while work is discovered. */
  setTotal(total: number): void {
    this.total = Math.max(total, this.sent);
    this.draw();
  }

  add(count: number): void {
    this.sent += count;
    this.draw();
  }

  private line(): string {
    const fraction = this.total > 0 ? Math.min(1, this.sent / this.total) : 0;
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.sent / seconds : 0;
    const eta = rate > 0 && fraction < 1 ? (this.total - this.sent) / rate : 0;
    const width = 24;
    const bar = '#'.repeat(Math.round(fraction * width)).padEnd(width, '.');
    return `${this.label} [${bar}] ${(fraction * 100).toFixed(0).padStart(3)}% · ${this.sent.toLocaleString('en')} ${this.unit} sent · ${rate >= 10 ? Math.round(rate).toLocaleString('en') : rate.toFixed(1)}/s · ETA ${duration(eta)}`;
  }

  private draw(force = false): void {
    if (this.tty) {
      const now = Date.now();
      if (!force && now - this.lastDraw < 100) return;
      this.lastDraw = now;
      this.stream.write(`\r${this.line()}\x1b[K`);
    } else {
      const tenth = this.total > 0 ? Math.floor((10 * this.sent) / this.total) : 0;
      if (tenth > this.lastTenth && (tenth > 0 || force)) {
        this.lastTenth = tenth;
        this.stream.write(`${this.line()}\n`);
      }
    }
  }

  /** Leaves the final state on its own line. */
  done(): void {
    this.total = this.sent;
    this.draw(true);
    if (this.tty) this.stream.write('\n');
  }
}

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : `${s} s`;
}
