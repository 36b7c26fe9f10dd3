/** The vault mark: a dial on a dark plate. Inline SVG — the CSP loads nothing from other hosts. */
export function VaultLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="#0e1525" stroke="#2a3655" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#34d399" strokeWidth="2.5" />
      <path d="M16 7v3M16 22v3M7 16h3M22 16h3" stroke="#34d399" strokeWidth="2" strokeLinecap="round" />
      <circle cx="16" cy="16" r="2.5" fill="#c084fc" />
    </svg>
  );
}
