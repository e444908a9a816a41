import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
// Loaded first, with the base: every button class builds on it, and a later copy from a lazy
// chunk would otherwise reset their backgrounds.
import "@mantine/core/styles/UnstyledButton.css";
import "./fallback-fonts.css";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "../theme";
import { ToastProvider } from "../Toasts/ToastProvider";
import { Toaster } from "../Toasts/Toaster";

export interface TearoomProviderProps {
  children: ReactNode;
  /** "test" disables transitions and portals (component tests). */
  env?: "default" | "test";
}

/**
 * The tearoom's MantineProvider (theme, light scheme) with the toast region. Both apps wrap their
 * routes in it; fonts are imported by each app's entry so only the weights it uses ship.
 */
export function TearoomProvider({ children, env = "default" }: TearoomProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <ToastProvider>
        {children}
        <Toaster />
      </ToastProvider>
    </MantineProvider>
  );
}
