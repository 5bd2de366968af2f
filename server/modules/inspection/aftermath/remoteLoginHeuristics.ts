import { isIpv4 } from '../stixPattern';
import type { MacHeuristic, MacLevel } from './macTypes';

export type RemoteService = 'ssh' | 'screen sharing';

/** One login by ssh or screen sharing, as one log line tells it. */
export interface RemoteAttempt {
  service: RemoteService;
  address: string;
  accepted: boolean;
  user: string | null;
  /** How it authenticated (`publickey`, `password`; screen sharing's `Type:`, `DH`). */
  method: string | null;
  at: string;
  /** The line as logged, for evidence. */
  line: string;
}

/**
 * The logins by ssh or screen sharing from one address outside private networks, as the unified
 * log told them: counts, the first and last time, and the first line of each outcome as evidence.
 */
export interface RemoteLogins {
  service: RemoteService;
  address: string;
  accepted: number;
  failed: number;
  /** At most MAX_USERS names the attempts gave. */
  users: string[];
  /** How the accepted logins authenticated (`publickey`, `password`, `DH`), at most MAX_USERS. */
  methods: string[];
  /** When the first accepted login followed a failure from the address (a guessed credential). */
  acceptedAfterFailure: boolean;
  first: string;
  last: string;
  source: string;
  /** The first accepted and the first failed line, with their line numbers. */
  lines: string[];
}

const MAX_USERS = 5;
/** Addresses one file keeps: past it a brute force from a botnet says no more. */
export const MAX_REMOTE_ADDRESSES = 1000;

/** `a.b.c.d` in 10/8, 172.16/12, 192.168/16, loopback, link-local, CGNAT (100.64/10: carriers, Tailscale) or 0/8. */
function isPrivateIpv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number) as [number, number];
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * Whether the Mac's own network (or the Mac itself) could be where the address is: private and
 * link-local ranges, IPv6 loopback, link-local and unique local addresses, and names that only
 * resolve on a local network (`.local`, `.lan`, `.home.arpa`, `.internal`, a name without a dot).
 */
export function isPrivateAddress(address: string): boolean {
  const a = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIpv4(a)) return isPrivateIpv4(a);
  if (a.includes(':')) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a)?.[1];
    if (mapped) return isIpv4(mapped) && isPrivateIpv4(mapped);
    return a === '::1' || a === '::' || /^fe[89ab][0-9a-f]:/.test(a) || /^f[cd][0-9a-f]{2}:/.test(a);
  }
  return a === 'localhost' || !a.includes('.') || /\.(local|lan|home\.arpa|internal|localdomain)$/.test(a);
}

/**
 * Gathers RemoteLogins per service and address outside private networks, bounded by
 * MAX_REMOTE_ADDRESSES (`dropped` says one was left out).
 */
export class RemoteLoginTally {
  private readonly byKey = new Map<string, RemoteLogins>();
  /** Set once an address past the bound was dropped. */
  dropped = false;

  add(attempt: RemoteAttempt, source: string): void {
    if (isPrivateAddress(attempt.address)) return;
    const key = `${attempt.service}\u0000${attempt.address}`;
    let tally = this.byKey.get(key);
    if (!tally) {
      if (this.byKey.size >= MAX_REMOTE_ADDRESSES) {
        this.dropped = true;
        return;
      }
      tally = {
        service: attempt.service,
        address: attempt.address,
        accepted: 0,
        failed: 0,
        users: [],
        methods: [],
        acceptedAfterFailure: false,
        first: attempt.at,
        last: attempt.at,
        source,
        lines: [],
      };
      this.byKey.set(key, tally);
    }
    if (attempt.accepted) {
      if (tally.accepted === 0) {
        tally.acceptedAfterFailure = tally.failed > 0;
        tally.lines.push(attempt.line);
      }
      tally.accepted += 1;
      if (attempt.method && !tally.methods.includes(attempt.method) && tally.methods.length < MAX_USERS)
        tally.methods.push(attempt.method);
    } else {
      if (tally.failed === 0) tally.lines.push(attempt.line);
      tally.failed += 1;
    }
    if (attempt.user && !tally.users.includes(attempt.user) && tally.users.length < MAX_USERS)
      tally.users.push(attempt.user);
    if (attempt.at < tally.first) tally.first = attempt.at;
    if (attempt.at > tally.last) tally.last = attempt.at;
  }

  get logins(): RemoteLogins[] {
    return [...this.byKey.values()];
  }
}

const SSH_WHY =
  'Remote Login (ssh) gives a shell on the Mac, and macOS ships with it off. A login from an address outside private networks means the Mac was reachable from the internet and someone there held or guessed a credential: the way intruders come back after a first foothold. Attempts that failed say the service is exposed and being tried.';
const SCREEN_WHY =
  'Screen Sharing lets whoever connects see and drive the Mac as its user, and macOS ships with it off. A session from an address outside private networks is how remote-access scams and intruders take control; attempts that failed say the service is exposed to the internet and being tried.';

/**
 * `macos.remote-login-outside`: logins by ssh or screen sharing from an address outside private
 * networks, one warning per service and address. High for a screen sharing session, or an ssh
 * login that followed failures from the same address (a guessed credential); medium for another
 * ssh login; low when every attempt failed (exposed, not entered). Private addresses stay quiet:
 * a login from the Mac's own network is how people use these services.
 */
export function remoteLoginHeuristics(logins: readonly RemoteLogins[]): MacHeuristic[] {
  return logins.map((l) => {
    const entered = l.accepted > 0;
    const level: MacLevel = !entered
      ? 'low'
      : l.service === 'screen sharing' || l.acceptedAfterFailure
        ? 'high'
        : 'medium';
    const what = l.service === 'ssh' ? 'ssh login' : 'Screen sharing session';
    const message = entered
      ? `${l.service === 'ssh' ? 'An ssh login' : 'A screen sharing session'} from ${l.address}, an address outside private networks${l.acceptedAfterFailure ? ', after failed attempts' : ''}`
      : `Failed ${l.service === 'ssh' ? 'ssh logins' : 'screen sharing logins'} from ${l.address}, an address outside private networks`;
    return {
      rule: 'macos.remote-login-outside',
      level,
      message,
      why: l.service === 'ssh' ? SSH_WHY : SCREEN_WHY,
      source: l.source,
      evidence: [
        `${what}s from ${l.address}: ${l.accepted} accepted, ${l.failed} failed`,
        ...(l.users.length ? [`user${l.users.length > 1 ? 's' : ''} ${l.users.join(', ')}`] : []),
        ...(l.methods.length ? [`authenticated by ${l.methods.join(', ')}`] : []),
        l.first === l.last ? `at ${l.first}` : `from ${l.first} to ${l.last}`,
        ...l.lines,
      ],
    };
  });
}
