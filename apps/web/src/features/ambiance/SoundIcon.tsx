/** Small line icons for the sounds; decorative. */
export function SoundIcon({ icon, size = 18 }: { icon: string; size?: number }) {
  const common = { width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": true, focusable: false } as const;
  const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 1.6, strokeLinecap: "round", strokeLinejoin: "round" } as const;
  switch (icon) {
    case "bird":
      return (
        <svg {...common}>
          <path {...stroke} d="M4 14c2 3 6 4 9 3 4-1 6-5 6-9l2-1-2-1c-1-1-3-1-4 0-1 1-1 3-2 4-2 2-5 2-9 4z" />
          <path {...stroke} d="M9 17l-1 4M12 17l1 4" />
          <circle cx="16.5" cy="7" r="0.8" fill="currentColor" />
        </svg>
      );
    case "water":
      return (
        <svg {...common}>
          <path {...stroke} d="M12 3c3 4 5 7 5 10a5 5 0 0 1-10 0c0-3 2-6 5-10z" />
          <path {...stroke} d="M3 20c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0" />
        </svg>
      );
    case "leaf":
      return (
        <svg {...common}>
          <path {...stroke} d="M5 19C5 9 11 4 20 4c0 9-5 15-15 15z" />
          <path {...stroke} d="M5 19l9-9" />
        </svg>
      );
    case "music":
      return (
        <svg {...common}>
          <path {...stroke} d="M9 18V6l10-2v12" />
          <circle {...stroke} cx="6.5" cy="18" r="2.5" />
          <circle {...stroke} cx="16.5" cy="16" r="2.5" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <path {...stroke} d="M4 9h4l5-4v14l-5-4H4z" />
          <path {...stroke} d="M17 9l4 6M21 9l-4 6" />
        </svg>
      );
  }
}
