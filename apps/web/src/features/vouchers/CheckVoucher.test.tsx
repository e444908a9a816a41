import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp } from "../../test/render";
import { CheckVoucher } from "./CheckVoucher";

function check(code: string) {
  const field = screen.getByLabelText("Voucher code") as HTMLInputElement;
  fireEvent.change(field, { target: { value: code } });
  fireEvent.submit(field.closest("form")!);
}

describe("Check your voucher (R35)", () => {
  it("shows type, what is left, expiry and status of a code typed any way", async () => {
    const api = mockApi((url) =>
      url.pathname === "/api/voucher-balance"
        ? { status: 200, body: { voucherType: "monetary", balancePence: 1510, expiryDate: "2027-06-01", status: "active" } }
        : undefined,
    );
    renderApp(<CheckVoucher />);
    check("tea abcd efgh jkmn");
    expect(await screen.findByText("£15.10 left")).toBeTruthy();
    expect(screen.getByText("Monetary Voucher")).toBeTruthy();
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByText("Tuesday, 1 June 2027")).toBeTruthy();
    expect(screen.getByText("TEA-ABCD-EFGH-JKMN")).toBeTruthy();
    expect(String(api.mock.calls[0]![0])).toContain("/api/voucher-balance?code=TEA-ABCD-EFGH-JKMN");
    expect(screen.getByText(/^Use it when you book afternoon tea online/)).toBeTruthy();
  });

  it("an active picnic hamper voucher is not offered for afternoon tea online (R36)", async () => {
    mockApi((url) =>
      url.pathname === "/api/voucher-balance"
        ? { status: 200, body: { voucherType: "picnicHamper", peopleRemaining: 2, expiryDate: "2027-06-01", status: "active" } }
        : undefined,
    );
    renderApp(<CheckVoucher />);
    check("TEA-ABCD-EFGH-JKMN");
    expect(await screen.findByText("To use it, call or e-mail us with the code when you book.")).toBeTruthy();
  });

  it("says when a per-person voucher is used up", async () => {
    mockApi((url) =>
      url.pathname === "/api/voucher-balance"
        ? { status: 200, body: { voucherType: "afternoonTea", peopleRemaining: 0, expiryDate: "2027-06-01", status: "redeemed" } }
        : undefined,
    );
    renderApp(<CheckVoucher />);
    check("TEA-ABCD-EFGH-JKMN");
    expect(await screen.findByText("Nothing left")).toBeTruthy();
    expect(screen.getByText("Used up")).toBeTruthy();
    expect(screen.getByText("This voucher has been used in full.")).toBeTruthy();
  });

  it("asks for the code in its form without asking the server", async () => {
    const api = mockApi(() => undefined);
    renderApp(<CheckVoucher />);
    check("");
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter your voucher code.");
    check("TEA-1234");
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter the code as it appears on your voucher, like TEA-ABCD-EFGH-JKMN.");
    expect(api.mock.calls.filter(([u]) => String(u).includes("voucher-balance"))).toHaveLength(0);
  });

  it("shows the server's plain message for an unknown code and for too many wrong ones", async () => {
    let status = 404;
    mockApi((url) =>
      url.pathname === "/api/voucher-balance"
        ? {
            status,
            body: {
              message:
                status === 404
                  ? "We could not find a voucher with that code. Please check it and try again."
                  : "Too many codes that did not match a voucher. Please try again in an hour, or call us.",
            },
          }
        : undefined,
    );
    renderApp(<CheckVoucher />);
    check("TEA-ZZZZ-ZZZZ-ZZZZ");
    expect((await screen.findByRole("alert")).textContent).toBe("We could not find a voucher with that code. Please check it and try again.");
    status = 429;
    check("TEA-ZZZZ-ZZZZ-ZZZY");
    expect(await screen.findByText("Too many codes that did not match a voucher. Please try again in an hour, or call us.")).toBeTruthy();
  });
});
