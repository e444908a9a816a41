/** The tearoom's mark: a teapot with a rose sprig; decorative. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#f4ecdc" stroke="#a78226" strokeWidth="1" />
      <path d="M14 22c0-5 4.5-8 10-8s10 3 10 8v4c0 6-4.5 10-10 10s-10-4-10-10z" fill="#4a6642" />
      <path d="M34 24c4-1 6 1 5 4-1 2.5-3 3.5-5 4" fill="none" stroke="#4a6642" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M14 25c-3-1-5-3-6-6" fill="none" stroke="#4a6642" strokeWidth="2.4" strokeLinecap="round" />
      <ellipse cx="24" cy="14" rx="6" ry="1.8" fill="#3b5235" />
      <circle cx="24" cy="11" r="1.8" fill="#a78226" />
      <path d="M16 26.5h16" stroke="#e9d59a" strokeWidth="1.2" />
      <circle cx="24" cy="30.5" r="2.6" fill="#b4536f" />
      <path d="M21 31.5c-1.5 0-2.5 1-3 2M27 31.5c1.5 0 2.5 1 3 2" stroke="#8aa87e" strokeWidth="1.2" fill="none" strokeLinecap="round" />
      <path d="M12 37h24" stroke="#a78226" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}
