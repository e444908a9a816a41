import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ClosurePreview } from "@tearoom/domain";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import ClosuresPage from "./closures";
import { aPaidTea } from "../test/bookings";

const paidTea = aPaidTea({
  id: 4,
  reference: "TR-PAID44",
  phone: "01234 111222",
  date: "2099-06-10",
  paymentReference: "pi_44",
  payment: { status: "paid", paidPence: 5990, refundedPence: 0, reference: "pi_44", balancePence: null },
});

afterEach(() => vi.unstubAllGlobals());

describe("/admin/closures (R32, R34)", () => {
  it("sends the refund choice, and lists the paid bookings the provider would not refund", async () => {
    let closed = false;
    const preview = (): ClosurePreview => ({ date: "2099-06-10", closed, bookings: [paidTea] });
    const message = "The payment provider did not make the refund (the card issuer refused). Nothing was refunded; please try again.";
    const { calls } = renderWithTrpc(
      <MemoryRouter initialEntries={["/admin/closures?date=2099-06-10"]}>
        <ClosuresPage />
      </MemoryRouter>,
      {
        "closures.list": () => ({ dates: closed ? ["2099-06-10"] : [] }),
        "closures.preview": preview,
        "closures.close": () => {
          closed = true;
          return { ...preview(), cancelled: [], notRefunded: [{ booking: paidTea, message }] };
        },
      },
    );
    fireEvent.click(await screen.findByLabelText("Cancel it"));
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 1 booking" }));
    await waitFor(() => expect(calls.find((c) => c.path === "closures.close")).toBeTruthy());
    expect(calls.find((c) => c.path === "closures.close")!.input).toEqual({
      date: "2099-06-10",
      cancelBookings: true,
      notifyGuests: true,
      refund: "full",
      restoreVoucher: true,
    });
    const alert = await screen.findByRole("alert", { name: /Not refunded, so not cancelled/ });
    expect(alert.textContent).toContain(`Margaret Thornton (TR-PAID44): ${message}`);
  });
});
