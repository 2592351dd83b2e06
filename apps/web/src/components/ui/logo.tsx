// The portal's own mark: an invoice sheet with a check, drawn here (no third-party artwork).
type LogoProps = { title: string; size?: number };

export function Logo({ title, size = 36 }: LogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={title} focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#0b4f8a" />
      <path d="M15 11h14l7 7v19a2 2 0 0 1-2 2H15a2 2 0 0 1-2-2V13a2 2 0 0 1 2-2z" fill="#ffffff" />
      <path d="M29 11v7h7" fill="#cfe3f6" />
      <path d="M17 20h9M17 25h14" stroke="#0b4f8a" strokeWidth="2.2" strokeLinecap="round" />
      <path
        d="M18.5 31.5l3.5 3.5 7-7"
        fill="none"
        stroke="#1f8a4c"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
