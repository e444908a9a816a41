import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/** Garden sage: the primary colour (buttons, links, focus). Shade 7 carries white text at 6.4:1. */
const sage: MantineColorsTuple = ["#f3f6f1", "#e3ebdf", "#c7d6bf", "#a8bf9d", "#8aa87e", "#6f9064", "#5a7a50", "#4a6642", "#3b5235", "#2c3e28"];
/** Deep rose fading to plum: accents, private garden spots, errors that are not alarming. */
const rose: MantineColorsTuple = ["#fbf1f3", "#f4dde3", "#e8b9c5", "#d993a6", "#c96f88", "#b4536f", "#9a3f5b", "#7f3249", "#642739", "#4a1c2a"];
/** Antique gold: ornaments and highlights; shades 7+ only for text on cream. */
const gold: MantineColorsTuple = ["#fbf6e8", "#f4e9c8", "#e9d59a", "#dcc06b", "#cfac47", "#c19a30", "#a78226", "#87681f", "#674f18", "#473711"];

/** Named surfaces and inks shared by the public site and the admin app. */
export const palette = {
  cream: "#fbf7ef",
  parchment: "#f4ecdc",
  linen: "#efe4cf",
  ink: "#2e2a25",
  inkMuted: "#5b534a",
  plum: "#5a2a45",
  sageDeep: "#2c3e28",
} as const;

/** The metric-matched local faces (TearoomProvider/fallback-fonts.css) and the system serifs behind them. */
const fallbackFonts = {
  body: "'Lora Fallback', Georgia, 'Times New Roman', serif",
  heading: "'Playfair Fallback', Georgia, 'Times New Roman', serif",
} as const;

export const fonts = {
  body: `Lora, ${fallbackFonts.body}`,
  heading: `'Playfair Display', ${fallbackFonts.heading}`,
} as const;

/** The tearoom's Mantine theme: sage, rose and gold on cream; Playfair Display headings over Lora. */
export const theme = createTheme({
  colors: { sage, rose, gold },
  primaryColor: "sage",
  primaryShade: { light: 7, dark: 5 },
  black: palette.ink,
  white: "#ffffff",
  fontFamily: fonts.body,
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, monospace",
  headings: {
    fontFamily: fonts.heading,
    fontWeight: "600",
    sizes: {
      h1: { fontSize: "clamp(2.25rem, 1.6rem + 3vw, 3.75rem)", lineHeight: "1.1" },
      h2: { fontSize: "clamp(1.75rem, 1.4rem + 1.6vw, 2.6rem)", lineHeight: "1.2" },
      h3: { fontSize: "1.5rem", lineHeight: "1.3" },
      h4: { fontSize: "1.2rem", lineHeight: "1.35" },
    },
  },
  defaultRadius: "md",
  radius: { xs: "2px", sm: "4px", md: "8px", lg: "14px", xl: "24px" },
  focusRing: "auto",
  cursorType: "pointer",
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: "xl" } },
    Modal: { defaultProps: { centered: true, radius: "lg" } },
  },
});

/** Exposes the palette as CSS variables (--tr-cream, --tr-ink …) for plain CSS modules. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    "--tr-cream": palette.cream,
    "--tr-parchment": palette.parchment,
    "--tr-linen": palette.linen,
    "--tr-ink": palette.ink,
    "--tr-ink-muted": palette.inkMuted,
    "--tr-plum": palette.plum,
    "--tr-sage-deep": palette.sageDeep,
    "--tr-font-heading": fonts.heading,
    "--tr-font-body": fonts.body,
    "--tr-font-heading-fallback": fallbackFonts.heading,
    "--tr-font-body-fallback": fallbackFonts.body,
  },
  light: {
    "--mantine-color-body": palette.cream,
    "--mantine-color-text": palette.ink,
    "--mantine-color-dimmed": palette.inkMuted,
    // Field errors in deep rose: readable on cream (8:1) where Mantine's red is not.
    "--mantine-color-error": "#7f3249",
  },
  dark: {},
});
