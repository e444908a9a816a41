import { act, fireEvent, screen } from "@testing-library/react";
import { NEWSLETTER_POPUP_FLAG } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../test/render";
import { NewsletterPopupTimer } from "./NewsletterPopupTimer";

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe("newsletter popup", () => {
  it("opens 12 s after load and, once closed, stores the flag", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderApp(<NewsletterPopupTimer />);
    await advance(11_900);
    expect(screen.queryByRole("dialog")).toBeNull();
    await advance(100);
    vi.useRealTimers();
    const dialog = await screen.findByRole("dialog", { name: "Join Our Newsletter" });
    expect(dialog.textContent).toContain("By subscribing, you agree to our Privacy Policy.");
    fireEvent.click(screen.getByRole("button", { name: "Close newsletter popup" }));
    expect(window.localStorage.getItem(NEWSLETTER_POPUP_FLAG)).not.toBeNull();
  });

  it("never opens when the flag is set", async () => {
    window.localStorage.setItem(NEWSLETTER_POPUP_FLAG, "true");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderApp(<NewsletterPopupTimer />);
    await advance(60_000);
    vi.useRealTimers();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("subscribes for real with source popup, shows Subscribing... then Thank You, and closes itself after 3 s", async () => {
    // Double opt-in (R16 as amended by R26): the server answers 202 whatever the address.
    const api = mockApi((url) => (url.pathname === "/api/newsletter/subscribe" ? { status: 202, body: { ok: true } } : undefined));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderApp(<NewsletterPopupTimer />);
    await advance(12_000);
    vi.useRealTimers();
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: "reader@example.com" } });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.submit(screen.getByRole("button", { name: "Subscribe" }).closest("form")!);
    expect(screen.getByRole("button", { name: "Subscribing..." })).toBeTruthy();
    await advance(1_400);
    expect(screen.queryByRole("dialog", { name: "Thank You!" })).toBeNull();
    await advance(100);
    expect(screen.getByRole("dialog", { name: "Thank You!" })).toBeTruthy();
    expect(window.localStorage.getItem(NEWSLETTER_POPUP_FLAG)).not.toBeNull();
    await advance(3_000);
    vi.useRealTimers();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toMatchObject({ email: "reader@example.com", source: "popup" });
  });
});
