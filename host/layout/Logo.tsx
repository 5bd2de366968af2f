/** The suite's mark; inline so the top bar needs no extra request. */
export function Logo({ src }: { src?: string }) {
  if (src) return <img className="host-logo" src={src} alt="Logo" height={28} />;
  return (
    <svg className="host-logo" width="28" height="28" viewBox="0 0 32 32" role="img" aria-label="Logo">
      <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7L16 2Z" fill="currentColor" opacity=".9" />
      <path d="m11 16 3.5 3.5L21 13" fill="none" stroke="var(--host-logo-check, #fff)" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
