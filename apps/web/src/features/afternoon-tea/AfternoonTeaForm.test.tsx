import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { chooseDate, mockApi, openDay, renderApp, siteAndSlots } from "../../test/render";
import { AfternoonTeaForm } from "./AfternoonTeaForm";

describe("AfternoonTeaForm", () => {
  it("shows the spec's messages and does not submit an incomplete form", async () => {
    mockApi(siteAndSlots);
    const onSubmit = vi.fn(async () => undefined);
    renderApp(<AfternoonTeaForm onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole("button", { name: /Book Afternoon Tea/ }));
    await screen.findByText("Please select tea type");
    for (const text of [
      "Please select tea type",
      "Please select a date",
      "Please select a time",
      "Name must be at least 2 characters",
      "Please enter a valid email",
      "Please enter a valid phone number",
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByLabelText(/^Name/).getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("clamps the guest stepper to 1..6 from a default of 2", async () => {
    mockApi(siteAndSlots);
    renderApp(<AfternoonTeaForm onSubmit={async () => undefined} />);
    const stepper = await screen.findByRole("group", { name: "Number of guests" });
    const value = () => stepper.querySelector("output")!.textContent;
    expect(value()).toBe("2");
    for (let i = 0; i < 4; i++) fireEvent.click(within(stepper).getByRole("button", { name: "Fewer guests" }));
    expect(value()).toBe("1");
    for (let i = 0; i < 9; i++) fireEvent.click(within(stepper).getByRole("button", { name: "More guests" }));
    expect(value()).toBe("6");
  });

  it("renders the payment slot above the button, reads Processing... while submitting, and passes the checked values", async () => {
    mockApi(siteAndSlots);
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderApp(<AfternoonTeaForm onSubmit={onSubmit} paymentSlot={<div data-testid="payment">card fields</div>} />);
    const button = await screen.findByRole("button", { name: /Book Afternoon Tea/ });
    expect(screen.getByTestId("payment").compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: /Champagne Afternoon Tea/ }));
    const date = openDay("afternoonTea");
    await chooseDate(date);
    fireEvent.change((await screen.findByRole("option", { name: "1:00 PM" })).closest("select")!, { target: { value: "13:00" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Beatrix Potter" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "beatrix@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "01234 567000" } });
    expect(screen.getByText("Total £79.90")).toBeTruthy();
    // R51: the button says what the card will be charged.
    expect(button.textContent).toBe("Book Afternoon Tea · Pay £79.90Coming Soon");
    fireEvent.click(button);

    expect(await screen.findByRole("button", { name: "Processing..." })).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith(
      {
        date,
        time: "13:00",
        guests: 2,
        teaType: "champagne",
        name: "Beatrix Potter",
        email: "beatrix@example.com",
        phone: "01234 567000",
        dietaryRequirements: undefined,
      },
      null,
    );
    finish();
    expect(await screen.findByRole("button", { name: /Book Afternoon Tea/ })).toBeTruthy();
  });

  it("an empty Book focuses the first field in error, the tea type", async () => {
    mockApi(siteAndSlots);
    renderApp(<AfternoonTeaForm onSubmit={async () => undefined} />);
    fireEvent.click(await screen.findByRole("button", { name: /Book Afternoon Tea/ }));
    await screen.findByText("Please select tea type");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: /Traditional Afternoon Tea/ }));

    // With a tea chosen, the next field to fix is the date: its calendar takes the focus.
    fireEvent.click(screen.getByRole("radio", { name: /Champagne Afternoon Tea/ }));
    fireEvent.click(screen.getByRole("button", { name: /Book Afternoon Tea/ }));
    await vi.waitFor(() => expect(screen.getByRole("group", { name: /^Date/ }).contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.closest("table")).toBeTruthy();
  });

  it("R50: a code from the voucher e-mail's link is filled in and applied once a tea is chosen", async () => {
    const quotes: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === "/api/voucher-quote") {
        quotes.push(url.searchParams.get("code") ?? "");
        return {
          body: {
            voucherType: "monetary",
            totalPence: 5990,
            voucherAppliedPence: 4000,
            amountPence: 1990,
            coveredGuests: null,
            summary: "Covers £40.00.",
            expiryDate: "2028-06-02",
          },
        };
      }
      return siteAndSlots(url, init);
    });
    renderApp(<AfternoonTeaForm onSubmit={async () => undefined} voucherCode="TEA-ABCD-EFGH-JKMN" />);
    const input = (await screen.findByLabelText("Gift voucher code")) as HTMLInputElement;
    expect(input.value).toBe("TEA-ABCD-EFGH-JKMN");
    // No tea chosen yet: nothing to price it against, so nothing is asked.
    expect(quotes).toEqual([]);
    fireEvent.click(screen.getByRole("radio", { name: /Traditional Afternoon Tea/ }));
    expect((await screen.findByTestId("voucher-applied")).textContent).toBe("Covers £40.00.");
    expect(quotes).toEqual(["TEA-ABCD-EFGH-JKMN"]);
  });

  it("applies a gift voucher (R36): says what it covers, asks again when the guests change, hides the card when nothing is left to pay", async () => {
    const quotes: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === "/api/voucher-quote") {
        quotes.push(url.search);
        const guests = Number(url.searchParams.get("guests"));
        if (url.searchParams.get("code") === "TEA-ZZZZ-ZZZZ-ZZZZ")
          return { status: 404, body: { message: "No voucher has that code. Please check it and try again." } };
        const total = 2995 * guests;
        const applied = Math.min(7500, total);
        return {
          body: {
            voucherType: "monetary",
            totalPence: total,
            voucherAppliedPence: applied,
            amountPence: total - applied,
            coveredGuests: null,
            summary: `Covers £${(applied / 100).toFixed(2)}.`,
            expiryDate: "2027-06-01",
          },
        };
      }
      return siteAndSlots(url, init);
    });
    const onSubmit = vi.fn(async () => undefined);
    renderApp(<AfternoonTeaForm onSubmit={onSubmit} paymentSlot={<div data-testid="payment">card fields</div>} />);
    fireEvent.click(await screen.findByRole("radio", { name: /Traditional Afternoon Tea/ }));
    fireEvent.click(screen.getByRole("button", { name: "Pay with a gift voucher" }));
    const input = await screen.findByLabelText("Gift voucher code");

    fireEvent.change(input, { target: { value: "tea zzzz zzzz zzzz" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No voucher has that code. Please check it and try again.");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(input, { target: { value: "tea-abcd-efgh-jkmn" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByTestId("voucher-applied")).textContent).toBe("Covers £59.90.");
    expect(screen.getByTestId("left-to-pay").textContent).toBe("Gift voucher −£59.90 · To pay £0.00");
    expect(screen.getByTestId("payment").parentElement!.hidden).toBe(true);
    expect(screen.getByRole("button", { name: /Book with my voucher/ })).toBeTruthy();
    expect(quotes.at(-1)).toBe("?code=TEA-ABCD-EFGH-JKMN&teaType=traditional&guests=2");

    // Four guests cost £119.80: the voucher's £75 leaves £44.80, and the card is asked again.
    const stepper = screen.getByRole("group", { name: "Number of guests" });
    fireEvent.click(within(stepper).getByRole("button", { name: "More guests" }));
    fireEvent.click(within(stepper).getByRole("button", { name: "More guests" }));
    await waitFor(() => expect(screen.getByTestId("left-to-pay").textContent).toBe("Gift voucher −£75.00 · To pay £44.80"));
    expect(screen.getByTestId("payment").parentElement!.hidden).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.queryByTestId("left-to-pay")).toBeNull();
    expect(screen.getByRole("button", { name: /Book Afternoon Tea/ })).toBeTruthy();
  });
});
