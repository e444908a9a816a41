import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import PrivacyPage from "./privacy";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the privacy screen (R39)", () => {
  it("checks the address, then erases only after it is typed again", async () => {
    const { calls } = renderWithTrpc(<PrivacyPage />, {
      "privacy.erase": () => ({ bookings: 2, vouchers: 1, enquiries: 0, subscriptions: 1, waitlist: 1 }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Erase this person…" }));
    expect(await screen.findByText("Please enter a valid email.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Erase this person…" }));
    const erase = await screen.findByRole("button", { name: "Erase" });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Type the e-mail address again to confirm"), { target: { value: "ada@example.org" } });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Type the e-mail address again to confirm"), { target: { value: "Ada@example.com" } });
    expect((erase as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(erase);

    expect(await screen.findByText("Erased ada@example.com")).toBeTruthy();
    expect(screen.getAllByText(/2 bookings, 1 voucher, 0 enquiries, 1 subscription, 1 waiting-list entry/).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls).toEqual([{ path: "privacy.erase", input: { email: "ada@example.com" } }]));
  });
});
