import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render";
import { Header } from "./Header";

/** A controllable (min-width: 768px) media query. */
function mockWideQuery() {
  const listeners = new Set<(e: { matches: boolean }) => void>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l),
  }));
  return { widen: () => listeners.forEach((l) => l({ matches: true })) };
}

describe("Header", () => {
  it("marks the current route with aria-current", () => {
    mockWideQuery();
    renderApp(<Header />, { route: "/afternoon-tea" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Afternoon Tea" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("opens the mobile menu with Make a Reservation and closes it on route change", () => {
    mockWideQuery();
    renderApp(<Header />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(within(menu).getByRole("link", { name: "Make a Reservation" }).getAttribute("href")).toBe("/reservations");
    fireEvent.click(within(menu).getByRole("link", { name: "Gift Vouchers" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(menu.hidden).toBe(true);
  });

  it("closes the mobile menu when the window becomes 768 px or wider, and on Escape", () => {
    const media = mockWideQuery();
    renderApp(<Header />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    act(() => media.widen());
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });
});
