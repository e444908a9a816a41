import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { GiftVoucher } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import VouchersPage from "./vouchers";

const voucher = (id: number): GiftVoucher => ({
  id,
  voucherType: "monetary",
  voucherCode: `TEA-${String(id).padStart(4, "0")}-BBBB`,
  price: "£50.00",
  recipientName: `Recipient ${id}`,
  recipientEmail: `r${id}@example.com`,
  senderName: "Ada Lovelace",
  senderEmail: "ada@example.com",
  message: "",
  isRedeemed: false,
  balancePence: 5000,
  status: "active",
  testPayment: false,
  createdAt: "2026-06-01T10:00:00.000Z",
  expiryDate: "2099-06-01",
  source: "website",
  deliverOn: null,
  deliveredAt: "2026-06-01T10:00:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("the vouchers screen", () => {
  it("shows the stats from their own call and pages through the list on the server", async () => {
    const { calls } = renderWithTrpc(<VouchersPage />, {
      "vouchers.stats": () => ({ total: 120, active: 100, redeemed: 15, totalValue: 6000, remainingValue: 4500 }),
      "vouchers.list": (input) => {
        const page = (input as { page?: number }).page ?? 1;
        return { items: [voucher(page * 100 + 1), voucher(page * 100 + 2)], total: 120, page, pageSize: 50 };
      },
    });
    expect(await screen.findByText("Total Vouchers")).toBeTruthy();
    expect(screen.getByText("120")).toBeTruthy();
    expect(screen.getByText("£6,000.00")).toBeTruthy();
    expect(await screen.findByText("TEA-0101-BBBB")).toBeTruthy();
    expect(screen.getByText("Showing 1–2 of 120 vouchers")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("TEA-0301-BBBB")).toBeTruthy();
    expect(calls.filter((c) => c.path === "vouchers.list").map((c) => (c.input as { page: number }).page)).toEqual([1, 3]);
    // Paging does not ask for the stats again.
    expect(calls.filter((c) => c.path === "vouchers.stats")).toHaveLength(1);
  });

  it("sends the search and filters to the server and starts again at page 1", async () => {
    const { calls } = renderWithTrpc(<VouchersPage />, {
      "vouchers.stats": () => ({ total: 1, active: 1, redeemed: 0, totalValue: 50, remainingValue: 50 }),
      "vouchers.list": (input) => {
        const q = input as { search?: string };
        return q.search === "nobody" ? { items: [], total: 0, page: 1, pageSize: 50 } : { items: [voucher(1)], total: 1, page: 1, pageSize: 50 };
      },
    });
    fireEvent.change(await screen.findByLabelText("Search"), { target: { value: "nobody" } });
    expect(await screen.findByText("No vouchers match these filters")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "vouchers.list", input: { search: "nobody", page: 1 } });
  });

  it("says so when there are no vouchers at all", async () => {
    renderWithTrpc(<VouchersPage />, {
      "vouchers.stats": () => ({ total: 0, active: 0, redeemed: 0, totalValue: 0, remainingValue: 0 }),
      "vouchers.list": () => ({ items: [], total: 0, page: 1, pageSize: 50 }),
    });
    await waitFor(() => expect(screen.getByText("No gift vouchers yet")).toBeTruthy());
  });

  it("R50: staff issue a till voucher from the dialog, in plain words; the new voucher opens with its code; the list shows source and delivery", async () => {
    const issued = {
      ...voucher(7),
      voucherCode: "TEA-ISSU-EDAA-BBBB",
      price: "£40.00",
      balancePence: 4000,
      senderName: "",
      senderEmail: "",
      source: "till-cash" as const,
      ledger: [{ at: "2026-06-01T10:00:00.000Z", actor: "admin", kind: "issue" as const, note: "Sold at the till (cash)" }],
    };
    const { calls } = renderWithTrpc(<VouchersPage />, {
      "vouchers.stats": () => ({ total: 1, active: 1, redeemed: 0, totalValue: 50, remainingValue: 50 }),
      "vouchers.list": () => ({ items: [{ ...voucher(1), deliverOn: "2026-06-20", deliveredAt: null }], total: 1, page: 1, pageSize: 50 }),
      "vouchers.issue": () => issued,
      "vouchers.get": () => issued,
    });
    expect(await screen.findByText("Bought on the website")).toBeTruthy();
    expect(screen.getByText("Due Sat, 20 Jun 2026, 8 am")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Issue voucher" }));
    const dialog = await screen.findByRole("form", { name: "Issue a voucher" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue voucher" }));
    expect(await within(dialog).findByText("Enter the voucher's value in pounds")).toBeTruthy();
    expect(calls.some((c) => c.path === "vouchers.issue")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: "40" } });
    fireEvent.change(within(dialog).getByLabelText(/Recipient's e-mail/), { target: { value: "grace@example.com" } });
    const source = within(dialog).getByLabelText("How it was sold") as HTMLSelectElement;
    expect([...source.options].map((o) => o.text)).toEqual(["Sold at the till (card)", "Sold at the till (cash)", "Sold by phone", "Complimentary"]);
    fireEvent.change(source, { target: { value: "till-cash" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue voucher" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "vouchers.issue")?.input).toEqual({
        voucherType: "monetary",
        amountPence: 4000,
        recipientName: "",
        recipientEmail: "grace@example.com",
        source: "till-cash",
        note: "",
      }),
    );
    expect(await screen.findByRole("dialog", { name: "Voucher TEA-ISSU-EDAA-BBBB" })).toBeTruthy();
    expect(await screen.findByText("Issued")).toBeTruthy();
    // Issued by staff: no buyer to show or resend to.
    expect(screen.getByText("Issued by staff")).toBeTruthy();
    expect(screen.queryByText(/^Buyer \(/)).toBeNull();
  });
});
