/**
 * A small seeded PRNG (mulberry32) with the few distributions the simulator
 * needs. Its whole state is one 32-bit integer, so a vehicle's randomness can
 * be saved with it and resumed exactly.
 */
export class Random {
  constructor(public state: number) {
    this.state = state >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box–Muller). */
  normal(mean = 0, deviation = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Seconds until the next event of a Poisson process with `rate` events per unit. */
  exponential(rate: number): number {
    return rate <= 0 ? Infinity : -Math.log(1 - this.next()) / rate;
  }
}

/** A 32-bit seed from any mix of numbers and strings (FNV-1a), for independent streams. */
export function seedOf(...parts: (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
