import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppRoutes, preloadPage } from "./router";
import { mockApi, renderApp, siteAndSlots } from "./test/render";

describe("matching a path", () => {
  it("is case-sensitive, as the server is: /Gallery is not the gallery (the server moves it to /gallery)", async () => {
    mockApi(siteAndSlots);
    await Promise.all([preloadPage("/gallery"), preloadPage("/no-such-page")]);
    renderApp(<AppRoutes />, { route: "/Gallery" });
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Gallery" })).toBeNull();
  });
});
