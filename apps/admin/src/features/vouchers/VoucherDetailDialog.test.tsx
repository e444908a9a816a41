import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { VoucherDetail, VoucherRedemption } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProcedureError, renderWithTrpc } from "../../test/trpc";
import VouchersPage from "../../routes/vouchers";
import { VoucherDetailDialog } from "./VoucherDetailDialog";

const CODE = "TEA-ABCD-EFGH-JKMN";
const base: VoucherDetail = {
  id: 7,
  voucherType: "monetary",
  voucherCode: CODE,
  price: "£75.00",
  recipientName: "Grace Hopper",
  recipientEmail: "grace@example.com",
  senderName: "Ada Lovelace",
  senderEmail: "ada@example.com",
  message: "Happy birthday!",
  isRedeemed: false,
  balancePence: 1510,
  status: "active",
  testPayment: false,
  createdAt: "2026-06-01T10:00:00.000Z",
  expiryDate: "2027-06-01",
  source: "website",
  deliverOn: null,
  deliveredAt: "2026-06-01T10:00:00.000Z",
  ledger: [{ at: "2026-07-01T13:05:00.000Z", actor: "admin", kind: "redemption", amountPence: 5990, note: "Tea for two" }],
};

afterEach(() => vi.unstubAllGlobals());

type Input = { code: string } & Record<string, unknown>;

function open(voucher: VoucherDetail, more: Record<string, (input: unknown) => unknown> = {}) {
  let current = voucher;
  const view = renderWithTrpc(<VoucherDetailDialog code={CODE} onClose={() => undefined} />, {
    "vouchers.get": () => current,
    ...Object.fromEntries(
      Object.entries(more).map(([path, stub]) => [
        path,
        (input: unknown) => {
          const next = stub(input) as VoucherDetail;
          current = next;
          return next;
        },
      ]),
    ),
  });
  return view;
}

describe("the voucher dialog (R35)", () => {
  it("shows what is left, the message and the ledger", async () => {
    open(base);
    expect(await screen.findByText("£15.10 of £75.00")).toBeTruthy();
    expect(screen.getByText("“Happy birthday!”")).toBeTruthy();
    const ledger = screen.getByRole("table", { name: "Voucher ledger" });
    const row = within(ledger).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("−£59.90");
    expect(row.textContent).toContain("admin");
    expect(row.textContent).toContain("Tea for two");
  });

  it("redeems an amount in pounds as pence with the note, and shows the new balance", async () => {
    const { calls } = open(base, {
      "vouchers.redeem": (input) => {
        const i = input as Input & VoucherRedemption;
        return {
          ...base,
          balancePence: 1510 - i.amountPence!,
          ledger: [...base.ledger, { at: "2026-08-01T12:00:00.000Z", actor: "admin", kind: "redemption", amountPence: i.amountPence, note: i.note }],
        };
      },
    });
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: "10.50" } });
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Scones" } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("£4.60 of £75.00")).toBeTruthy();
    expect(calls.find((c) => c.path === "vouchers.redeem")?.input).toEqual({ code: CODE, amountPence: 1050, note: "Scones" });
  });

  it("shows the server's refusal when more is asked than is left", async () => {
    const { calls } = open(base, {
      "vouchers.redeem": () => {
        throw new ProcedureError("CONFLICT", 409, "Only £15.10 is left on this voucher.");
      },
    });
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("Only £15.10 is left on this voucher.")).toBeTruthy();
    expect(calls.filter((c) => c.path === "vouchers.redeem")).toHaveLength(1);
  });

  it("asks for a reason before redeeming an expired voucher, and sends it as the override", async () => {
    const expired: VoucherDetail = {
      ...base,
      voucherType: "afternoonTea",
      price: "£89.85",
      balancePence: undefined,
      peopleRemaining: 3,
      status: "expired",
      ledger: [],
    };
    const { calls } = open(expired, { "vouchers.redeem": () => ({ ...expired, peopleRemaining: 1 }) });
    expect(await screen.findByText("This voucher has expired")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/People/), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("This voucher has expired: give a reason to redeem it anyway")).toBeTruthy();
    expect(calls.some((c) => c.path === "vouchers.redeem")).toBe(false);
    fireEvent.change(screen.getByLabelText(/Reason for redeeming/), { target: { value: "Guest was in hospital" } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "vouchers.redeem")?.input).toEqual({
        code: CODE,
        people: 2,
        note: "",
        override: { reason: "Guest was in hospital" },
      }),
    );
  });

  it("offers no redemption once nothing is left", async () => {
    open({ ...base, balancePence: 0, isRedeemed: true, status: "redeemed" });
    expect(await screen.findByText("Nothing is left on this voucher.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Redeem" })).toBeNull();
  });

  it("resends to the buyer", async () => {
    const { calls } = open(base, { "vouchers.resend": () => base });
    fireEvent.click(await screen.findByText("Buyer (Ada Lovelace)"));
    expect(screen.getByText(/To ada@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resend e-mail" }));
    await waitFor(() => expect(calls.find((c) => c.path === "vouchers.resend")?.input).toEqual({ code: CODE, to: "buyer" }));
  });

  it("extends the expiry only to a later date", async () => {
    const { calls } = open(base, { "vouchers.extend": (input) => ({ ...base, expiryDate: (input as { expiryDate: string }).expiryDate }) });
    const date = await screen.findByLabelText("New expiry date");
    fireEvent.change(date, { target: { value: "2027-05-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Extend" }));
    expect(await screen.findByText("Choose a date after the current expiry")).toBeTruthy();
    fireEvent.change(date, { target: { value: "2027-12-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Extend" }));
    await waitFor(() => expect(calls.find((c) => c.path === "vouchers.extend")?.input).toEqual({ code: CODE, expiryDate: "2027-12-31" }));
  });
});

describe("finding a voucher by code on the vouchers screen", () => {
  const screenStubs = {
    "vouchers.stats": () => ({ total: 1, active: 1, redeemed: 0, totalValue: 75, remainingValue: 100 }),
    "vouchers.list": () => ({ items: [base], total: 1, page: 1, pageSize: 50 }),
  };

  it("opens the voucher typed as a guest reads it out", async () => {
    const { calls } = renderWithTrpc(<VouchersPage />, { ...screenStubs, "vouchers.get": () => base });
    fireEvent.change(await screen.findByLabelText("Find a voucher by code"), { target: { value: "tea abcd efgh jkmn" } });
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("dialog", { name: `Voucher ${CODE}` })).toBeTruthy();
    expect(calls.find((c) => c.path === "vouchers.get")?.input).toEqual({ code: CODE });
  });

  it("says so under the field when no voucher has the code, and checks its form first", async () => {
    renderWithTrpc(<VouchersPage />, {
      ...screenStubs,
      "vouchers.get": () => {
        throw new ProcedureError("NOT_FOUND", 404, "No voucher has that code.");
      },
    });
    const field = await screen.findByLabelText("Find a voucher by code");
    fireEvent.change(field, { target: { value: "hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("Please enter the code as it appears on the voucher, like TEA-ABCD-EFGH-JKMN")).toBeTruthy();
    fireEvent.change(field, { target: { value: "TEA-ZZZZ-ZZZZ-ZZZZ" } });
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("No voucher has that code.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens a voucher from its code in the list and shows what is left in the list", async () => {
    renderWithTrpc(<VouchersPage />, { ...screenStubs, "vouchers.get": () => base });
    expect(await screen.findByText("£15.10")).toBeTruthy();
    expect(screen.getByText("Left to Redeem")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: `Open voucher ${CODE}` }));
    expect(await screen.findByRole("dialog", { name: `Voucher ${CODE}` })).toBeTruthy();
  });
});
