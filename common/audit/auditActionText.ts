/**
 * What each audited action did, in words an administrator reads (the audit log, its export). The
 * action's identifier stays the filter key and the tooltip; a product adds its actions here.
 */
const ACTION_TEXT: Record<string, string> = {
  login: 'Signed in',
  'login.failed': 'Failed to sign in',
  logout: 'Signed out',
  'mfa.enable': 'Turned on two-factor authentication',
  'mfa.disable': 'Turned off two-factor authentication',
  'mfa.failed': 'Entered a wrong two-factor code',
  'mfa.revalidated': 'Confirmed two-factor authentication again',
  'password.change': 'Changed their password',
  'password.reset': 'Reset their password',
  'login.first-factor': 'Entered the right password (second factor next)',
  'mfa.passkey': 'Confirmed sign-in with a passkey',
  'mfa.recovery-code-used': 'Signed in with a recovery code',
  'password.recovery-requested': 'Asked for a password reset link',
  'passkey.register': 'Added a passkey',
  'passkey.register-failed': 'Failed to add a passkey',
  'passkey.remove': 'Removed a passkey',
  'passkey.rename': 'Renamed a passkey',
  'passkey.sign-in': 'Signed in with a passkey',
  'passkey.sign-in-failed': 'Failed to sign in with a passkey',
  'signInPolicy.update': "Changed the tenant's sign-in policy",
  'tenant.timeZone': "Changed the tenant's time zone for mails and exports",
  'scim.tokenCreate': 'Created the directory (SCIM) token',
  'scim.tokenRotate': 'Replaced the directory (SCIM) token',
  'scim.tokenRevoke': 'Revoked the directory (SCIM) token',
  'scim.userCreate': 'The directory provisioned a user',
  'scim.userReplace': 'The directory replaced a user',
  'scim.userPatch': 'The directory changed a user',
  'scim.userDeactivate': 'The directory deactivated a user',
  'scim.userReactivate': 'The directory reactivated a user',
  'scim.userDelete': 'The directory deleted a user',
  'scim.groupCreate': 'The directory created a group',
  'scim.groupReplace': 'The directory replaced a group',
  'scim.groupPatch': 'The directory changed a group',
  'scim.groupDelete': 'The directory deleted a group',
  'electron.upload': 'Uploaded a Mac archive (Aftermath)',
  'electron.heuristic.triage': "Triaged a Mac's heuristic",
  'invitation.accepted': 'Accepted an invitation',
  'user.invite': 'Invited a user',
  'user.delete': 'Deleted a user',
  'user.disable': 'Disabled a user',
  'user.enable': 'Enabled a user',
  'user.permissions': "Changed a user's permissions",
  'user.inviteResend': 'Sent an invitation again',
  'user.inviteRevoke': 'Withdrew an invitation',
  'user.mfaReset': "Reset a user's two-factor authentication",
  'user.sessionRevoke': 'Signed out one session of a user',
  'user.sessionsRevoke': 'Signed out every session of a user',
  'logo.update': "Changed the tenant's logo",
  'logo.delete': "Removed the tenant's logo",
  'runtimePlugin.install': 'Installed a runtime plugin',
  'runtimePlugin.upgrade': 'Upgraded a runtime plugin',
  'runtimePlugin.remove': 'Removed a runtime plugin',
  'runtimePlugin.trust': 'Trusted a plugin signing key',
  'runtimePlugin.untrust': 'Stopped trusting a plugin signing key',
  'job.retry': 'Retried a failed background job',
  'collectorLink.create': 'Created a collector link',
  'collectorLink.update': 'Changed a collector link',
  'collectorLink.quickLink': 'Made a quick link for a collector link',
  'collectorLink.install': 'Installed the collector from a link',
  'collector.quickDownload': 'Downloaded the collector from a quick link',
  'gluon.upload': 'Uploaded a file for inspection',
  'gluon.collectorUpload': 'Sent a file for inspection from the collector',
  'gluon.device.rescan': 'Rescanned a device',
  'gluon.file.download': 'Downloaded an evidence file',
  'gluon.finding.falsePositive': 'Marked a finding as a false positive',
  'gluon.finding.falsePositiveUndo': "Undid a finding's false positive",
  'gluon.incident.triage': 'Triaged an incident',
  'gluon.incident.owner': 'Gave an incident to an owner',
  'gluon.incident.ownerClear': 'Took the owner off an incident',
  'gluon.incident.state': "Changed an incident's state",
  'gluon.indicator.suppress': 'Suppressed an indicator',
  'gluon.indicator.unsuppress': 'Stopped suppressing an indicator',
  'gluon.ruleSet.import': 'Imported a rule set',
  'gluon.ruleSet.update': 'Updated a rule set',
  'gluon.ruleSet.delete': 'Deleted a rule set',
  'monitoring.alertStatus': "Changed an alert's status",
  'monitoring.ruleCreate': 'Added a notification rule',
  'monitoring.ruleDelete': 'Deleted a notification rule',
  'monitoring.silenceCreate': 'Silenced notifications',
  'monitoring.groupCreate': 'Created a device group',
  'monitoring.groupDelete': 'Deleted a device group',
  'monitoring.resubscribe': 'Subscribed an address to notifications again',
  'notifications.unsubscribeAll': 'Unsubscribed from every notification',
  'neutrino.hunt.export': 'Exported a hunt',
  'neutrino.savedHunt.create': 'Saved a hunt',
  'neutrino.savedHunt.delete': 'Deleted a saved hunt',
  'neutrino.sweep.ruleSet': 'Turned a sweep into a rule set',
};

/**
 * "Triaged an incident" for `gluon.incident.triage`; an action this list does not know yet is
 * spelled out from its identifier ("scim.user.create" → "Scim user create"), never hidden.
 */
export function auditActionText(action: string): string {
  const known = ACTION_TEXT[action];
  if (known) return known;
  const words = action
    .split(/[._]/)
    .flatMap((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').split(' '))
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return action;
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The actions the list names, for a test that every audited action has its words. */
export const KNOWN_AUDIT_ACTIONS: readonly string[] = Object.keys(ACTION_TEXT);
