import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/**
 * Safe destinations for the addresses users give us (the control room's webhook, a sync
 * remote): by default only public unicast addresses. Loopback, private, link-local, CGNAT,
 * multicast, unspecified, reserved and cloud-metadata destinations are refused, also when
 * written as a number (http://2130706433/), as an IPv4-mapped, -compatible, NAT64 or 6to4
 * IPv6 address, or reached through a name that resolves to one (checked on every connection,
 * so a name that changes its answer after the save, "DNS rebinding", is caught too).
 * OUTBOUND_ALLOW lets an operator allow an on-premise control room or remote.
 *
 * ipaddr.js (the parser fastify's proxy-addr uses) does the parsing and the special-purpose
 * range table: it reads every IPv4 and IPv6 form and keeps the IANA ranges current, which a
 * hand-written table here would not.
 */

/** Names that are the metadata service or this machine whatever DNS says. */
const BLOCKED_NAMES = [
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
];

/** The connection was not made: the destination is not allowed (the error's code). */
export const OUTBOUND_REFUSED = 'OUTBOUND_REFUSED';

export class OutboundRefused extends Error {
  readonly code = OUTBOUND_REFUSED;
  constructor(readonly host: string) {
    super(`${host} is not an allowed destination`);
  }
}

/** True when `error` (or one of its causes) is an OutboundRefused. */
export function isOutboundRefused(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === OUTBOUND_REFUSED) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if it carries one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const bytes = address.toByteArray();
  const last = (from: number) => new ipaddr.IPv4(bytes.slice(from, from + 4));
  if (range === 'ipv4Mapped' || range === 'rfc6145') return last(12);
  // NAT64's well-known prefix 64:ff9b::/96 (the local-use 64:ff9b:1::/48 stays refused).
  if (range === 'rfc6052' && address.parts.slice(0, 6).join() === [0x64, 0xff9b, 0, 0, 0, 0].join())
    return last(12);
  // IPv4-compatible ::a.b.c.d (deprecated; :: and ::1 are classified as they are).
  if (address.parts.slice(0, 6).every((p) => p === 0) && range === 'unicast') return last(12);
  if (range === '6to4') return last(2);
  return undefined;
}

/**
 * Whether an address is a public unicast one (pure). An IPv6 form of an IPv4 address is
 * judged by the IPv4 address; Teredo and other tunnels are refused.
 */
export function isPublicAddress(text: string): boolean {
  let address: Address;
  try {
    address = ipaddr.parse(text.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (address.kind() === 'ipv6') {
    const v4 = embeddedIPv4(address as ipaddr.IPv6);
    if (v4) return v4.range() === 'unicast';
  }
  return address.range() === 'unicast';
}

/** Whether a host name is one of the always-refused names (localhost, metadata services). */
export function isBlockedName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return BLOCKED_NAMES.includes(name) || name.endsWith('.localhost');
}

/** One OUTBOUND_ALLOW entry: an address range or a host name. */
type AllowEntry = { kind: 'range'; range: [Address, number] } | { kind: 'name'; name: string };

/** Reads OUTBOUND_ALLOW's entries ("10.0.0.0/8", "192.168.1.5", "controlroom.local"), or throws. */
export function parseAllowList(entries: string[]): AllowEntry[] {
  return entries.map((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.includes('/')) {
      try {
        return { kind: 'range', range: ipaddr.parseCIDR(entry) };
      } catch {
        throw new Error(`'${raw}' is not an address range such as 10.0.0.0/8`);
      }
    }
    const bare = entry.replace(/^\[|\]$/g, '');
    if (net.isIP(bare)) {
      const address = ipaddr.parse(bare);
      return { kind: 'range', range: [address, address.kind() === 'ipv4' ? 32 : 128] };
    }
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry))
      throw new Error(`'${raw}' is neither an address, an address range nor a host name`);
    return { kind: 'name', name: entry };
  });
}

/** Which destinations outbound requests may reach; one per app (config.outbound). */
export class OutboundPolicy {
  private readonly allow: AllowEntry[];

  constructor(
    allow: string[] = [],
    /** every address a name resolves to (the system resolver; tests give a rebinding one) */
    private readonly resolve: Resolve = (host) => dns.promises.lookup(host, { all: true }),
  ) {
    this.allow = parseAllowList(allow);
  }

  /** The name is on the allow-list: whatever it resolves to is reached. */
  nameAllowed(host: string): boolean {
    const name = host
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^\[|\]$/g, '');
    return this.allow.some((e) => e.kind === 'name' && e.name === name);
  }

  /** An address may be connected to: public, or within an allowed range. */
  addressAllowed(text: string): boolean {
    if (isPublicAddress(text)) return true;
    let address: Address;
    try {
      address = ipaddr.process(text.replace(/^\[|\]$/g, ''));
    } catch {
      return false;
    }
    return this.allow.some(
      (e) =>
        e.kind === 'range' &&
        e.range[0].kind() === address.kind() &&
        address.match(e.range as [typeof address, number]),
    );
  }

  /** A host as written in a URL (a name or an address literal) before any lookup. */
  hostAllowed(host: string): boolean {
    if (this.nameAllowed(host)) return true;
    const bare = host.replace(/^\[|\]$/g, '');
    if (net.isIP(bare)) return this.addressAllowed(bare);
    return !isBlockedName(host);
  }

  /**
   * Whether a URL's destination is allowed, for a clear answer when it is saved: its host,
   * and every address its name resolves to now (an unknown name passes: it may exist later,
   * and every connection is checked again). Undefined when allowed; else why not.
   */
  async urlProblem(url: URL, lookupMs = 2000): Promise<string | undefined> {
    const host = url.hostname;
    if (!this.hostAllowed(host)) return 'is not an allowed destination';
    if (this.nameAllowed(host) || net.isIP(host.replace(/^\[|\]$/g, ''))) return undefined;
    const addresses = await Promise.race([
      this.resolve(host).catch(() => []),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), lookupMs).unref()),
    ]);
    if (addresses.some((a) => !this.addressAllowed(a.address)))
      return 'is not an allowed destination';
    return undefined;
  }

  /**
   * A connection pool for undici's fetch/request that refuses disallowed destinations when it
   * connects: an address literal before connecting, a name by every address it resolves to
   * (one bad address refuses the lot, so a rebinding answer cannot slip one in).
   */
  dispatcher(options: { timeoutMs: number }): Agent {
    const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
      this.resolve(hostname).then(
        (list) => {
          if (!list.length) return callback(notFound(hostname), '', 0);
          if (!this.nameAllowed(hostname) && list.some((a) => !this.addressAllowed(a.address)))
            return callback(new OutboundRefused(hostname), '', 0);
          if (lookupOptions.all) return (callback as unknown as LookupAll)(null, list);
          callback(null, list[0]!.address, list[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
    const connector = buildConnector({ lookup, timeout: options.timeoutMs });
    return new Agent({
      connect: (connectOptions, callback) => {
        if (!this.hostAllowed(connectOptions.hostname)) {
          callback(new OutboundRefused(connectOptions.hostname), null);
          return;
        }
        connector(connectOptions, callback);
      },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }
}

type Resolve = (host: string) => Promise<dns.LookupAddress[]>;

function notFound(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

type LookupAll = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;
