import type { MacHeuristic, MacLevel, MacReport, MacRisk, PersistenceItem } from './macTypes';

/** Folders any user (or any app they run) can write: a binary there can be replaced without a password. */
export function isUserWritable(path: string): boolean {
  return /^(\/Users\/[^/]+\/|~\/|\/tmp\/|\/private\/tmp\/|\/var\/tmp\/|\/private\/var\/tmp\/|\/Users\/Shared\/)/.test(
    path,
  );
}

/** A dot-folder or dot-file anywhere in the path: hidden from Finder. */
export function isHidden(path: string): boolean {
  return path.split('/').some((part) => part.length > 1 && part.startsWith('.') && part !== '..');
}

const isApple = (item: PersistenceItem) =>
  item.signer === 'apple' || item.path.startsWith('/System/') || (item.label ?? '').startsWith('com.apple.');

/** TCC services whose grant lets an app read everything, drive the Mac, or watch and record the user. */
export const RISKY_TCC_SERVICES: Readonly<Record<string, string>> = {
  kTCCServiceSystemPolicyAllFiles: 'Full Disk Access',
  kTCCServiceAccessibility: 'Accessibility',
  kTCCServiceScreenCapture: 'Screen Recording',
  kTCCServiceListenEvent: 'Input Monitoring',
  kTCCServicePostEvent: 'Input Monitoring (sending keystrokes)',
};

const RANK: Record<MacRisk, number> = { none: 0, low: 1, medium: 2, high: 3 };

/** The worst of the levels (none when there are none). */
export function worstLevel(levels: readonly MacRisk[]): MacRisk {
  return levels.reduce<MacRisk>((worst, level) => (RANK[level] > RANK[worst] ? level : worst), 'none');
}

const BROWSERS =
  /(^|\/)(Safari|Google Chrome|Chromium|Firefox|Microsoft Edge|Brave Browser|Arc|Opera|Microsoft Word|Microsoft Excel|Microsoft PowerPoint|Pages|Mail|Preview|Microsoft Outlook)(\.app\/|$)/;
const SHELLS = /(^|\/)(sh|bash|zsh|dash|ksh|csh|tcsh|osascript|python3?|perl|ruby|curl|nc|ncat)$/;

function hostOfUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/**
 * The heuristics of a Mac, each with its evidence and why it matters: they need no indicator.
 * `now` dates "recently" (a download in the last 30 days).
 */
export function macHeuristics(report: Omit<MacReport, 'heuristics'>, now: Date): MacHeuristic[] {
  const out: MacHeuristic[] = [];
  const recent = now.getTime() - 30 * 86_400_000;
  const downloadedPaths = new Set<string>();
  for (const d of report.downloads) {
    if (d.at && Date.parse(d.at) < recent) continue;
    for (const u of [d.url]) if (u?.startsWith('file://')) downloadedPaths.add(decodeURIComponent(u.slice(7)));
  }
  for (const item of report.persistence) {
    // A profile starts no binary: what it installs is not a path these rules can judge.
    if (isApple(item) || item.kind === 'profile') continue;
    const program = item.program ?? item.path;
    const what = `${item.kind === 'launchDaemon' ? 'Launch daemon' : item.kind === 'cron' ? 'Cron job' : item.kind === 'launchAgent' ? 'Launch agent' : item.kind === 'systemExtension' ? 'System extension' : 'Login item'} ${item.label ?? item.path}`;
    const evidence = [
      `${item.path}`,
      `starts ${program}`,
      ...(item.sha256 ? [`SHA256 ${item.sha256}`] : []),
      ...(item.signer ? [`signature: ${item.signer}`] : []),
    ];
    const writable = isUserWritable(program);
    const hidden = isHidden(program);
    const unsigned = item.signer === 'unsigned';
    if (writable || hidden) {
      out.push({
        rule: 'macos.persistence-user-writable',
        level: unsigned || (writable && hidden) ? 'high' : 'medium',
        message: `${what} starts ${program}, in a ${hidden ? 'hidden' : 'user-writable'} folder${unsigned ? ', unsigned' : ''}`,
        why: 'Software installed properly lives in /Applications or /Library and is signed; a program started at every login from a user-writable or hidden folder is how most Mac malware persists, and anything the user runs can replace it.',
        source: item.source,
        evidence,
      });
    } else if (unsigned) {
      out.push({
        rule: 'macos.persistence-unsigned',
        level: 'medium',
        message: `${what} starts an unsigned program: ${program}`,
        why: 'An unsigned binary cannot be traced to a developer Apple knows, and Gatekeeper never checked it; legitimate launch agents are signed.',
        source: item.source,
        evidence,
      });
    }
    if (downloadedPaths.has(program)) {
      out.push({
        rule: 'macos.persistence-downloaded',
        level: 'high',
        message: `${what} starts ${program}, downloaded in the last 30 days`,
        why: 'A freshly downloaded program that made itself start at every login is the usual shape of an infection from a download or a phishing link.',
        source: item.source,
        evidence,
      });
    }
  }
  const persistedPrograms = new Set(report.persistence.map((p) => p.program).filter(Boolean));
  for (const grant of report.tcc) {
    const name = RISKY_TCC_SERVICES[grant.service];
    if (!name || grant.auth !== 'allowed') continue;
    const client = grant.client;
    const suspicious =
      (grant.clientType === 'path' && (isUserWritable(client) || isHidden(client))) || persistedPrograms.has(client);
    const recentGrant = grant.at !== null && Date.parse(grant.at) >= recent;
    if (!suspicious && !recentGrant) continue;
    const level: MacLevel = suspicious ? 'high' : 'medium';
    out.push({
      rule: 'macos.tcc-risky-grant',
      level,
      message: `${name} granted to ${client}${suspicious ? ' (a program in a user-writable or hidden folder)' : ' (granted in the last 30 days)'}`,
      why: `${name} lets a program ${grant.service === 'kTCCServiceSystemPolicyAllFiles' ? 'read every file of every user: mail, messages, keychains, backups' : grant.service === 'kTCCServiceScreenCapture' ? 'record the screen' : grant.service === 'kTCCServiceAccessibility' ? 'control other apps and read what they show' : 'read every keystroke'}; spyware asks for it, and a grant to a program outside /Applications is rarely intended.`,
      source: grant.source,
      evidence: [
        `service ${grant.service}`,
        `client ${client}`,
        `auth ${grant.auth}`,
        ...(grant.at ? [`granted ${grant.at}`] : []),
      ],
    });
  }
  for (const x of report.xprotect) {
    out.push({
      rule: 'macos.xprotect-detection',
      level: 'high',
      message: `XProtect saw ${x.path || 'a program'} break the rule ${x.rule}`,
      why: "XProtect's behavioural service flags what Apple recognises as malicious behaviour (a stealer reading browser data, a keychain dump); it reports but does not always block.",
      source: 'Artifacts/raw/xbs/XPdb',
      evidence: [
        `rule ${x.rule}`,
        ...(x.teamId ? [`team id ${x.teamId}`] : []),
        ...(x.signingId ? [`signing id ${x.signingId}`] : []),
        ...(x.sha256 ? [`SHA256 ${x.sha256}`] : []),
      ],
    });
  }
  const info = 'Recon/system_information.txt';
  if (report.security.sip === false)
    out.push({
      rule: 'macos.sip-disabled',
      level: 'high',
      message: 'System Integrity Protection is off',
      why: 'Without SIP, anything running as root can change the system itself, load kernel extensions and hide from security tools; it is off only when someone turned it off from recovery.',
      source: info,
      evidence: ['System Integrity Protection: disabled'],
    });
  if (report.security.gatekeeper === false)
    out.push({
      rule: 'macos.gatekeeper-disabled',
      level: 'medium',
      message: 'Gatekeeper is off',
      why: 'Gatekeeper refuses unsigned and unnotarised downloads; with it off, any downloaded program runs without a warning.',
      source: info,
      evidence: ['Gatekeeper: disabled'],
    });
  if (report.security.fileVault === false)
    out.push({
      rule: 'macos.filevault-off',
      level: 'low',
      message: 'FileVault is off',
      why: 'The disk is not encrypted: whoever holds the Mac can read its files without the password.',
      source: info,
      evidence: ['FileVault: off'],
    });
  const byPid = new Map(report.processes.map((p) => [p.pid, p]));
  for (const p of report.processes) {
    const parent = p.ppid === null ? undefined : byPid.get(p.ppid);
    if (!parent || !SHELLS.test(p.path) || !BROWSERS.test(parent.path)) continue;
    out.push({
      rule: 'macos.unexpected-parent',
      level: 'high',
      message: `${p.path} (pid ${p.pid}) runs under ${parent.path} (pid ${parent.pid})`,
      why: 'A browser or a document app does not start shells or script interpreters; one that does was most likely exploited or is running a malicious extension or macro.',
      source: 'Processes/true_tree_output.txt',
      evidence: [`${parent.path} ${parent.pid}`, `  ${p.path} ${p.pid}`],
    });
  }
  return out;
}

export { hostOfUrl };
