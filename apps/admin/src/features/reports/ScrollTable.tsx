import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A report table that scrolls on its own (sideways on a phone, down past `mah`). Focusable and
 * named, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, mah, minWidth, children }: { label: string; mah?: number; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} mah={mah} style={{ overflow: "auto" }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
