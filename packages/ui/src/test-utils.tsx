import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement } from "react";
import { TearoomProvider } from "./TearoomProvider/TearoomProvider";

/** Renders inside the tearoom provider in test mode (no transitions, no portals). */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: ({ children }) => <TearoomProvider env="test">{children}</TearoomProvider>, ...options });
}
