/** The files of a Janus configuration folder, as text (pure: the process manager writes them). */
export interface JanusConfigOptions {
  /** where Janus finds its plugins and transports (Debian: /usr/lib/<arch>/janus) */
  libDir: string;
  /** plugin and transport files present in libDir, to disable all but ours */
  plugins: string[];
  transports: string[];
  /** an empty folder for event handlers and loggers (none are loaded) */
  emptyDir: string;
  httpPort: number;
  wsPort: number;
  adminKey: string;
  rtpPortRange: string;
  /** stun:host:port of the first STUN server, for Janus's own candidates (optional) */
  stunServer?: { host: string; port: number };
}

const KEEP_PLUGINS = ['libjanus_videoroom.so'];
const KEEP_TRANSPORTS = ['libjanus_http.so', 'libjanus_websockets.so'];

const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** janus.jcfg and the configurations of the one plugin and two transports it loads. */
export function janusConfigFiles(o: JanusConfigOptions): Record<string, string> {
  const disable = (all: string[], keep: string[]) =>
    quote(
      all
        .filter((f) => f.endsWith('.so') && !keep.includes(f))
        .sort()
        .join(','),
    );
  const stun = o.stunServer
    ? `\tstun_server = ${quote(o.stunServer.host)}\n\tstun_port = ${o.stunServer.port}\n`
    : '';
  return {
    'janus.jcfg': `general: {
\tconfigs_folder = ${quote('.')}
\tplugins_folder = ${quote(`${o.libDir}/plugins`)}
\ttransports_folder = ${quote(`${o.libDir}/transports`)}
\tevents_folder = ${quote(o.emptyDir)}
\tloggers_folder = ${quote(o.emptyDir)}
\tdebug_level = 3
\tsession_timeout = 60
}
media: {
\tipv6 = false
\trtp_port_range = ${quote(o.rtpPortRange)}
}
nat: {
${stun}\tfull_trickle = true
\tignore_mdns = true
\tice_ignore_list = "vmnet"
}
plugins: {
\tdisable = ${disable(o.plugins, KEEP_PLUGINS)}
}
transports: {
\tdisable = ${disable(o.transports, KEEP_TRANSPORTS)}
}
events: {
\tbroadcast = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
\tadmin_key = ${quote(o.adminKey)}
\tlock_rtp_forward = true
}
`,
    'janus.transport.http.jcfg': `general: {
\tjson = "plain"
\tbase_path = "/janus"
\thttp = true
\tport = ${o.httpPort}
\tip = "127.0.0.1"
\thttps = false
}
admin: {
\tadmin_http = false
}
`,
    'janus.transport.websockets.jcfg': `general: {
\tjson = "plain"
\tws = true
\tws_port = ${o.wsPort}
\tws_ip = "127.0.0.1"
\twss = false
}
admin: {
\tadmin_ws = false
}
`,
  };
}

/** stun:host[:port] of an ICE server list entry, for Janus's own STUN setting. */
export function firstStun(urls: string[]): { host: string; port: number } | undefined {
  for (const url of urls) {
    const match = /^stun:([^:?]+)(?::(\d+))?/.exec(url);
    if (match) return { host: match[1]!, port: Number(match[2] ?? 3478) };
  }
  return undefined;
}
