import { siteFacts } from "@tearoom/domain";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../prerender";
import AfternoonTeaPage from "../../routes/afternoon-tea";
import HomePage from "../../routes/home";
import { mockApi, renderApp, SETTINGS, SITE, siteAndSlots } from "../../test/render";
import { Hero } from "../hero/Hero";

const SWITCHED_OFF = { ...SETTINGS, afternoon_tea_coming_soon: "false" };
const siteWith = (settings: Record<string, string>) => ({ ...SITE, settings, facts: siteFacts(settings) });
/** The site with `settings`, slots, and the demo card form the afternoon tea page asks for. */
const api = (settings: Record<string, string>) =>
  mockApi((url) => {
    if (url.pathname === "/api/site") return { body: siteWith(settings) };
    if (url.pathname === "/api/payments/config") return { body: { provider: "demo" } };
    return siteAndSlots(url, undefined);
  });

describe("the afternoon tea Coming Soon badge (R51)", () => {
  it("is on the hero's tea button while the setting is on", async () => {
    mockApi(siteAndSlots);
    renderApp(<Hero title="Welcome" />);
    expect((await screen.findByRole("link", { name: /Book Afternoon Tea/ })).textContent).toBe("Book Afternoon Tea Coming Soon");
  });

  it("keeps the spec's wording on the home page and the afternoon tea page by default", async () => {
    api(SETTINGS);
    const home = renderApp(<HomePage />);
    await screen.findAllByText("£29.95", { exact: false });
    const teaLinks = screen.getAllByRole("link", { name: /^Book Afternoon Tea/ }).map((a) => a.textContent);
    expect(teaLinks).toEqual(["Book Afternoon Tea Coming Soon", "Book Afternoon Tea Coming Soon"]);
    home.unmount();

    renderApp(<AfternoonTeaPage />, { route: "/afternoon-tea" });
    expect((await screen.findByRole("heading", { name: /Book Your Afternoon Tea/ })).textContent).toBe("Book Your Afternoon TeaComing Soon");
    expect((await screen.findByRole("button", { name: /^Book Afternoon Tea/ })).textContent).toContain("Coming Soon");
  });

  it("is gone from every title and button once staff switch it off", async () => {
    api(SWITCHED_OFF);
    const home = renderApp(<HomePage />);
    await screen.findAllByText("£29.95", { exact: false });
    await waitFor(() => expect(screen.queryByText("Coming Soon", { exact: false })).toBeNull());
    const teaLinks = screen.getAllByRole("link", { name: /^Book Afternoon Tea/ }).map((a) => a.textContent?.trim());
    expect(teaLinks).toEqual(["Book Afternoon Tea", "Book Afternoon Tea"]);
    home.unmount();

    renderApp(<AfternoonTeaPage />, { route: "/afternoon-tea" });
    const button = await screen.findByRole("button", { name: /^Book Afternoon Tea/ });
    await waitFor(() => expect(screen.getByRole("heading", { name: /Book Your Afternoon Tea/ }).textContent).toBe("Book Your Afternoon Tea"));
    expect(button.textContent).toBe("Book Afternoon Tea");
    expect(screen.queryByText("Coming Soon")).toBeNull();
  });

  it("is in the prerendered HTML, which has no site data yet and follows the default", async () => {
    mockApi(siteAndSlots);
    const html = await renderRoute("/afternoon-tea");
    expect(html).toContain("Book Your Afternoon Tea<span");
    expect(html.match(/Coming Soon/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
