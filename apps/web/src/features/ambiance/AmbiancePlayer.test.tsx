import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render";
import AmbiancePlayer from "./AmbiancePlayer";

/** Makes audio play() succeed or fail and records which file each call played. */
function mockAudio(outcome: () => "play" | "block") {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    if (outcome() === "block") return Promise.reject(new DOMException("blocked", "NotAllowedError"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
  return played;
}

describe("AmbiancePlayer", () => {
  it("tries birdsong at once; when autoplay is refused it is paused with Click play to start", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const played = mockAudio(() => "block");
    renderApp(<AmbiancePlayer />);
    expect(await screen.findByText("Click play to start")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play garden sounds" })).toBeTruthy();
    expect(played[0]).toMatch(/\/audio\/birdsong-ambient\.mp3$/);
    expect(warn).toHaveBeenCalled();
  });

  it("play while No Sound is chosen switches back to birdsong; choosing a sound starts it", async () => {
    let allow = false;
    const played = mockAudio(() => (allow ? "play" : "block"));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderApp(<AmbiancePlayer />);
    await screen.findByText("Click play to start");
    allow = true;

    fireEvent.click(screen.getByRole("button", { name: /Choose a sound/ }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Fountain/ }));
    expect(await screen.findByRole("button", { name: "Pause garden sounds" })).toBeTruthy();
    expect(played.at(-1)).toMatch(/water-fountain\.mp3$/);

    fireEvent.click(screen.getByRole("button", { name: /Choose a sound/ }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /No Sound/ }));
    expect(await screen.findByRole("button", { name: "Play garden sounds" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Choose a sound, now No Sound/ })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Play garden sounds" }));
    expect(await screen.findByRole("button", { name: "Pause garden sounds" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Choose a sound, now Birdsong/ })).toBeTruthy();
    expect(played.at(-1)).toMatch(/birdsong-ambient\.mp3$/);
  });
});

describe("AmbiancePlayer controls loaded on first use", () => {
  it("the first press of the volume button opens the slider at 50, with focus kept on the button", async () => {
    mockAudio(() => "block");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderApp(<AmbiancePlayer />);
    await screen.findByText("Click play to start");
    expect(screen.queryByRole("slider")).toBeNull();
    const standIn = screen.getByRole("button", { name: "Volume 50" });
    standIn.focus();
    fireEvent.click(standIn);
    expect((await screen.findByRole("slider", { name: "Volume" })).getAttribute("aria-valuenow")).toBe("50");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Volume 50" }));
  });
});
