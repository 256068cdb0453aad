// The Olive mark: a ring with a leaf, drawn inline so it needs no request.
import './brand-mark.css';
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="brand-mark">
      <defs>
        <linearGradient id="olive-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2c2f0e" />
          <stop offset="1" stopColor="#10120a" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#olive-mark)" />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#a6a61c" strokeWidth="6" />
      <path d="M26 38c0-8 5-12 12-12 0 8-5 12-12 12z" fill="#cdcd48" />
    </svg>
  );
}
