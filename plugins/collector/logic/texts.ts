/** Texts of the collector pages; those the spec quotes are exact (§2, §5, §8). */
export const CollectorTexts = {
  title: 'Device inspection',
  intro: 'Download the connector app to have your mobile device inspected.',
  stepDetails: 'Enter Details',
  stepDownload: 'Download the connector',
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  optional: '(optional)',
  continue: 'Continue',
  fullNameRequired: 'Please insert your full name.',
  emailInvalid: 'Please insert a valid email.',
  phoneInvalid: 'Please insert a valid phone number.',
  chooseOs: 'Choose the operating system of this computer',
  greeting: (name: string) => `Hello ${name}, your connector is ready.`,
  download: (osLabel: string) => `Download for ${osLabel}`,
  howTo: 'How do I install the connector?',
  howToTitle: 'How to install the connector',
  validating: 'Checking your link…',
  quickTitle: 'Download the connector',
  quickOs: 'Operating system',
  /** §8 link catalogue. */
  linkExpired: 'The link is expired.',
  linkDisabled: 'The link is disabled.',
  linkLimit: 'You have reached the installation limit.',
  /** Ours: no answer at all, or an answer without a message. */
  linkUnchecked: 'The link could not be checked. Please try again later.',
  /** Ours: a quick link whose token names no operating system (tampered or cut). */
  quickLinkInvalid: 'The link is invalid. Please ask for a new one.',
  /** Ours: a download says what runs and how it ended, not only a greyed button. */
  preparing: (osLabel: string) => `Preparing the connector for ${osLabel}…`,
  downloaded: (osLabel: string) => `The connector for ${osLabel} is in your downloads: open it to install it.`,
  downloadedTitle: 'Connector downloaded',
} as const;
