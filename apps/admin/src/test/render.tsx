import { render, type RenderOptions } from "@testing-library/react";
import { TearoomProvider } from "@tearoom/ui";
import type { ReactElement } from "react";

/** Renders inside the tearoom provider in test mode (no transitions, no portals). */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: ({ children }) => <TearoomProvider env="test">{children}</TearoomProvider>, ...options });
}
