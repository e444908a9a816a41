import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AuditEvent } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import ActivityPage from "./activity";

const priceChange: AuditEvent = {
  at: "2027-06-02T09:15:00.000Z",
  actor: "mabel",
  action: "pricing.update",
  subject: "Pricing item 1 (Traditional Afternoon Tea)",
  before: { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 2995, isActive: true },
  after: { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 3200, isActive: true },
};
const settingAdded: AuditEvent = {
  at: "2027-06-01T09:00:00.000Z",
  actor: "admin",
  action: "setting.create",
  subject: "Setting opening_time",
  before: null,
  after: { value: "10:00" },
};

afterEach(() => vi.unstubAllGlobals());

describe("the Activity screen", () => {
  it("shows each change with who, when, and only the fields that changed as before → after", async () => {
    renderWithTrpc(<ActivityPage />, { "audit.list": () => ({ items: [priceChange, settingAdded], total: 2, page: 1, pageSize: 50 }) });
    const list = await screen.findByRole("list", { name: "Changes, newest first" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Pricing item changed")).toBeTruthy();
    expect(within(first!).getByText("Pricing item 1 (Traditional Afternoon Tea)")).toBeTruthy();
    expect(first!.textContent).toContain("by mabel");
    expect(first!.textContent).toContain("2 Jun 2027, 10:15");
    expect(first!.textContent).toContain("price£29.95 → £32.00");
    // Unchanged fields are not listed.
    expect(first!.textContent).not.toContain("item type");
    expect(second!.textContent).toContain("value10:00");
    expect(second!.textContent).not.toContain("→");
    expect(screen.getByText("Showing 2 of 2 changes")).toBeTruthy();
  });

  it("sends the filters to the server and starts again at page 1", async () => {
    const { calls } = renderWithTrpc(<ActivityPage />, {
      "audit.list": (input) => ({ items: [priceChange], total: 120, page: (input as { page?: number }).page ?? 1, pageSize: 50 }),
    });
    await screen.findByText("Showing 1 of 120 changes");
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ page: 2 }));
    fireEvent.change(screen.getByLabelText("Staff member"), { target: { value: "mabel" } });
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ actor: "mabel", page: 1 }), { timeout: 2000 });
  });

  it("says so when nothing matches", async () => {
    renderWithTrpc(<ActivityPage />, { "audit.list": () => ({ items: [], total: 0, page: 1, pageSize: 50 }) });
    expect(await screen.findByText("No changes recorded yet.")).toBeTruthy();
  });
});
