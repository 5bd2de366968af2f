/** Texts of the unsubscribe page (spec §2 and §8, exact). */
export const UnsubscribeTexts = {
  question: 'Do you want to unsubscribe?',
  one: 'Unsubscribe from this notification',
  all: 'Unsubscribe from all notifications',
  doneOne: 'You are now unsubscribed from this notification.',
  doneAll: 'You are now unsubscribed from all notifications.',
  undo: 'Contact your admin to undo this action',
  expired: 'The link provided has expired. Please provide a new one.',
  /** Ours (the spec shows the page on medium and wider screens only). */
  narrow: 'Please open this link on a larger screen (a tablet or a computer) to manage your notifications.',
} as const;
