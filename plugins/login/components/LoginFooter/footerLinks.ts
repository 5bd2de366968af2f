/** Footer links of the sign-in pages (spec §2). */
export const FOOTER_LINKS: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'Privacy Policy', href: 'https://www.jamf.com/privacy-policy/' },
  { label: 'Terms of Use', href: 'https://www.jamf.com/terms-of-use/' },
  { label: 'Security', href: 'https://www.jamf.com/trust-center/' },
  { label: 'Support', href: 'https://support.jamf.com/' },
];

export function copyrightText(year: number): string {
  return `© ${year} Jamf. All rights reserved.`;
}
