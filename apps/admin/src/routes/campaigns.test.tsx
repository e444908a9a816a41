import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Campaign } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { procedureError, renderWithTrpc } from "../test/trpc";
import CampaignsPage from "./campaigns";

afterEach(() => vi.unstubAllGlobals());

const sent: Campaign = {
  id: 1,
  subject: "Spring opening",
  body: "We open on Saturday.",
  status: "sent",
  recipients: 12,
  queued: 12,
  sent: 12,
  createdBy: "admin",
  createdAt: "2027-03-01T10:00:00.000Z",
  updatedAt: "2027-03-01T10:00:00.000Z",
  sendStartedAt: "2027-03-02T10:00:00.000Z",
  sentBy: "admin",
  sentAt: "2027-03-02T10:12:00.000Z",
};

const fill = () => {
  fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: "The summer menu" } });
  fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: "Strawberries **and** cream." } });
};

describe("the Send a newsletter screen (R56)", () => {
  it("lists newsletters with their status and counts; previews the server's rendering", async () => {
    const { calls } = renderWithTrpc(<CampaignsPage />, {
      "campaigns.list": () => [sent],
      "newsletters.stats": () => ({ total: 14, active: 12, inactive: 2 }),
      "campaigns.preview": () => ({ subject: "The summer menu", html: "<p>Strawberries <strong>and</strong> cream.</p>", text: "Strawberries and cream." }),
    });
    expect(await screen.findByText("Spring opening")).toBeTruthy();
    expect(screen.getByText("Sent")).toBeTruthy();
    expect(screen.getByText(/12 of 12 sent/)).toBeTruthy();
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const frame = (await screen.findByTitle("Newsletter preview")) as HTMLIFrameElement;
    expect(frame.getAttribute("srcdoc")).toContain("<strong>and</strong>");
    // Drawn apart from the app: no scripts, no access to the page.
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(calls.find((c) => c.path === "campaigns.preview")?.input).toEqual({ subject: "The summer menu", body: "Strawberries **and** cream." });
  });

  it("a test saves the draft first and says where it went; a refusal shows the server's reason", async () => {
    let refuse = true;
    const { calls } = renderWithTrpc(<CampaignsPage />, {
      "campaigns.list": () => [],
      "newsletters.stats": () => ({ total: 0, active: 0, inactive: 0 }),
      "campaigns.create": (input) => ({ ...sent, ...(input as object), id: 2, status: "draft", recipients: 0, sent: 0, sendStartedAt: null }),
      "campaigns.update": (input) => ({ ...sent, ...(input as object), status: "draft" }),
      "campaigns.test": () => {
        if (refuse) throw procedureError("CONFLICT", 409, "Your account has no e-mail address, so there is nowhere to send the test.");
        return { to: "owner@example.com" };
      },
    });
    await screen.findByText("No newsletters written yet.");
    fill();
    // No confirmed subscribers: nothing to send to.
    expect((screen.getByRole("button", { name: "Send to 0 subscribers" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Send test to me" }));
    expect(await screen.findByText(/nowhere to send the test/)).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Send test to me" }));
    expect(await screen.findByText("A test copy is on its way to owner@example.com.")).toBeTruthy();
    // Created once, then updated: the second test does not make a second draft.
    expect(calls.filter((c) => c.path === "campaigns.create")).toHaveLength(1);
    expect(calls.filter((c) => c.path === "campaigns.update")).toHaveLength(1);
  });

  it("sends only after the confirmation names how many subscribers get it", async () => {
    const { calls } = renderWithTrpc(<CampaignsPage />, {
      "campaigns.list": () => [],
      "newsletters.stats": () => ({ total: 14, active: 12, inactive: 2 }),
      "campaigns.create": (input) => ({ ...sent, ...(input as object), id: 3, status: "draft", recipients: 0, sent: 0, sendStartedAt: null }),
      "campaigns.send": () => ({ recipients: 12 }),
    });
    await screen.findByText("No newsletters written yet.");
    fill();
    const asked: string[] = [];
    vi.stubGlobal("confirm", (text: string) => {
      asked.push(text);
      return asked.length > 1;
    });
    fireEvent.click(await screen.findByRole("button", { name: "Send to 12 subscribers" }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toBe('Send "The summer menu" to 12 subscribers now? It can be sent only once.');
    expect(calls.some((c) => c.path === "campaigns.send")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Send to 12 subscribers" }));
    expect(await screen.findByText(/goes out to 12 subscribers/)).toBeTruthy();
    expect(calls.find((c) => c.path === "campaigns.send")?.input).toEqual({ id: 3 });
  });
});
