import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp, siteAndSlots } from "../../test/render";
import { SiteLayout } from "./SiteLayout";

function renderLayoutAt(route: string) {
  mockApi(siteAndSlots);
  return renderApp(
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<h1>The page</h1>} />
      </Route>
    </Routes>,
    { route },
  );
}

describe("SiteLayout", () => {
  it("keeps the address, the opening hours and the newsletter inside the footer landmark", async () => {
    renderLayoutAt("/");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("heading", { name: "Visit Us" })).toBeTruthy();
    expect(within(footer).getByRole("heading", { name: "Opening Hours" })).toBeTruthy();
    expect(within(footer).getByRole("textbox", { name: /email/i })).toBeTruthy();
    expect(await within(footer).findByText("Church Lane")).toBeTruthy();
    expect(screen.getAllByRole("contentinfo")).toHaveLength(1);
  });

  it("on the secret entrance, the header and footer under the scene are inert (out of the tab order); the sound bar is not", () => {
    const { container } = renderLayoutAt("/secret-entrance");
    const header = container.querySelector("header")!;
    const footer = container.querySelector("footer")!;
    expect(header.inert).toBe(true);
    expect(footer.inert).toBe(true);
    expect(container.querySelector<HTMLAnchorElement>(".skip-link")!.inert).toBe(true);
    expect(container.querySelector("main")!.inert).toBe(false);
    expect(container.querySelector<HTMLElement>("[data-immersive]")!.inert).toBe(false);
  });

  it("leaves the header and footer reachable on every other page", () => {
    const { container } = renderLayoutAt("/gallery");
    expect(container.querySelector("header")!.inert).toBe(false);
    expect(container.querySelector("footer")!.inert).toBe(false);
  });
});
