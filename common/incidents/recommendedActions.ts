/**
 * What to do about a finding, by what was found (an observation's kind, or a warning from the
 * device's behaviour): one sentence each, said the same on every page, report and mail, and true
 * of a phone and of a Mac alike (electron's findings are gluon's incidents): "the device", never
 * "the phone". The keys
 * are the inspection engine's observation kinds; a test there checks that every kind has one.
 */
export const RECOMMENDED_ACTIONS = {
  process:
    'A known spyware process ran on the device: isolate it (flight mode or unplugged, off every network), keep it powered for forensics, and have the owner use another device until it is wiped and restored.',
  path: 'A file or folder known from spyware is on the device: preserve a full acquisition for forensics, then erase the device and restore it without the backup taken after the infection.',
  domain:
    'The device contacted a domain of the spyware’s infrastructure: block the domain on the network, look for other devices that reached it, and treat the device as compromised.',
  bundleId:
    'An app known as spyware is installed: remove it, review what it could access (messages, location, accounts) and change the owner’s passwords from a clean device.',
  ipv4: 'The device contacted an address of the spyware’s infrastructure: block it on the network, look for other devices that reached it, and treat the device as compromised.',
  email:
    'An account known from the campaign appears on the device: find how it reached the owner (a message, an invitation) and warn the people it may also have contacted.',
  url: 'The device opened a link used to deliver the spyware: block the site, find the message that carried the link, and treat the device as compromised.',
  fileHash:
    'A file known as spyware is on the device: remove it after a forensic copy, and erase the device if the file ran.',
  appCert:
    'An app signed with a spyware vendor’s certificate is installed: remove it and every app with the same signer, then review what they could access.',
  property:
    'The system reports a value known from spyware or tampering: compare with a clean device of the same model, and reset the device if it was not set on purpose.',
  setting:
    'A setting was changed the way spyware changes it: restore the setting, find who changed it, and check the device for the app that did.',
  mount:
    'The system partitions were mounted the way rooting tools do: treat the device as compromised and reflash its firmware from the vendor.',
  accessibilityService:
    'An accessibility service known from spyware can read the screen and act on it: turn it off, remove its app, and change the passwords typed on the device.',
  deviceAdmin:
    'A device administrator known from spyware resists removal: revoke its rights, remove its app, and erase the device if it does not go.',
  receiver:
    'An app component known from spyware listens for the system’s events (messages, calls, start-up): remove its app and review what it could read.',
  appop:
    'An app holds a special permission the way spyware uses it: revoke the permission and remove the app if its owner does not need it.',
  tombstone:
    'A process known from spyware crashed on the device (exploits often do): preserve the crash reports and the acquisition, and treat the device as compromised.',
  teamId:
    'A program signed by a developer team known from spyware is on the device: remove every program that team signed, and ask Apple to revoke its certificate if it is still valid.',
  signingId:
    'A program whose code signature names it as known spyware is on the device: remove it after a forensic copy, and look for what installed it and what it started.',
  cdhash:
    'A binary known as spyware, by the hash of its signed code, was measured on the device: remove it after a forensic copy, and erase the device if it ran.',
  heuristic:
    'The device behaved the way infected devices do, though no rule set names it yet: acquire again in a few days, compare, and escalate if the warning stays.',
} as const satisfies Record<string, string>;

export type FindingKind = keyof typeof RECOMMENDED_ACTIONS;

/** Said when a kind has no sentence of its own (a kind newer than this list). */
export const DEFAULT_RECOMMENDED_ACTION =
  'Preserve an acquisition of the device for forensics and treat the device as compromised until the finding is explained.';

export function recommendedAction(kind: string): string {
  return (RECOMMENDED_ACTIONS as Record<string, string>)[kind] ?? DEFAULT_RECOMMENDED_ACTION;
}

/** One sentence per kind found, in the order first found, each once (the incident page's "What to do"). */
export function recommendedActionsFor(kinds: readonly string[]): { kind: string; action: string }[] {
  return [...new Set(kinds)].map((kind) => ({ kind, action: recommendedAction(kind) }));
}
