import type { ExecPolicy } from './execPolicy';
import { isHidden, isUserWritable } from './macHeuristics';
import type { MacHeuristic, MacLevel } from './macTypes';

const DOWNLOADED_WHY =
  'Gatekeeper refuses to open an unsigned program that came from the internet unless the user overrides it (Open Anyway in Privacy & Security, or right-click Open), the step stealer and fake-installer campaigns walk their victims through; software from an identified developer is signed. syspolicyd measured this one as it ran.';
const LOCATION_WHY =
  'An unsigned binary in a user-writable or hidden folder cannot be traced to a developer Apple knows, and anything the user runs can replace it; installed software lives in /Applications or /Library and is signed. syspolicyd measured this one as it ran.';
const PROVENANCE_WHY =
  'macOS records an app here when it leaves quarantine on its first launch. One with no developer team was not signed by an identified developer, so Gatekeeper let it run only because the user overrode its warning, and it ran from a folder anything the user runs can write to: the shape of a fake installer or a cracked app.';

/**
 * ExecPolicy's heuristic (`macos.unsigned-execution`): an unsigned executable that ran after it was
 * downloaded or from a user-writable or hidden folder, and an app with no developer team that left
 * quarantine from such a folder. Unsigned alone is not flagged: a tool built on the Mac is unsigned
 * and never quarantined.
 */
export function execPolicyHeuristics(policy: ExecPolicy): MacHeuristic[] {
  const out: MacHeuristic[] = [];
  for (const m of policy.measurements) {
    if (m.signed !== false) continue;
    const hidden = m.path !== null && isHidden(m.path);
    const writable = m.path !== null && isUserWritable(m.path);
    if (!m.quarantined && !hidden && !writable) continue;
    const where = hidden ? 'from a hidden folder' : writable ? 'from a user-writable folder' : '';
    const level: MacLevel = hidden || (m.quarantined && writable) ? 'high' : 'medium';
    const what = m.path ?? m.name;
    out.push({
      rule: 'macos.unsigned-execution',
      level,
      message: `Unsigned ${what} ran${m.quarantined ? ' after it was downloaded (quarantined)' : ''}${m.quarantined && where ? ', ' : where ? ' ' : ''}${where}`,
      why: m.quarantined ? DOWNLOADED_WHY : LOCATION_WHY,
      source: m.source,
      evidence: [
        `file ${what}`,
        'signed: no',
        `quarantined: ${m.quarantined ? 'yes' : m.quarantined === false ? 'no' : 'unknown'}`,
        ...(m.bundleId ? [`bundle id ${m.bundleId}`] : []),
        ...(m.signingId ? [`signing id ${m.signingId}`] : []),
        ...(m.cdhash ? [`cdhash ${m.cdhash}`] : []),
        ...(m.sha256 ? [`SHA256 ${m.sha256}`] : []),
        ...(m.at ? [`measured ${m.at}`] : []),
      ],
    });
  }
  for (const p of policy.provenance) {
    if (p.teamId || (p.signingId ?? p.bundleId ?? '').startsWith('com.apple.')) continue;
    const hidden = isHidden(p.path);
    if (!hidden && !isUserWritable(p.path)) continue;
    out.push({
      rule: 'macos.unsigned-execution',
      level: hidden ? 'high' : 'medium',
      message: `${p.path} was opened past Gatekeeper from a ${hidden ? 'hidden' : 'user-writable'} folder, with no developer team`,
      why: PROVENANCE_WHY,
      source: p.source,
      evidence: [
        `app ${p.path}`,
        'team id: none',
        ...(p.bundleId ? [`bundle id ${p.bundleId}`] : []),
        ...(p.signingId ? [`signing id ${p.signingId}`] : []),
        ...(p.cdhash ? [`cdhash ${p.cdhash}`] : []),
        ...(p.at ? [`left quarantine ${p.at}`] : []),
      ],
    });
  }
  return out;
}
