import { fireEvent, screen, within } from "@testing-library/react";
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
    for (const text of ["Please select tea type", "Please select a date", "Please select a time", "Name must be at least 2 characters", "Please enter a valid email", "Please enter a valid phone number"]) {
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
    fireEvent.click(button);

    expect(await screen.findByRole("button", { name: "Processing..." })).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ date, time: "13:00", guests: 2, teaType: "champagne", name: "Beatrix Potter", email: "beatrix@example.com", phone: "01234 567000", dietaryRequirements: undefined });
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
});
