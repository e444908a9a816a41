import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { PricingItem } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { parsePricingForm, pricingFormFrom } from "./pricing-form";
import { PricingFormDialog } from "./PricingFormDialog";

const tea: PricingItem = { id: 7, name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 2995, isActive: true };

describe("pricing form", () => {
  it("shows stored pence as pounds and pence on edit", () => {
    expect(pricingFormFrom(tea).price).toBe("29.95");
    expect(pricingFormFrom({ ...tea, price: 5000 }).price).toBe("50.00");
  });

  it("refuses a blank price, a missing type and a missing name with the spec's messages", () => {
    const result = parsePricingForm({ name: " ", itemType: "", price: "", isActive: true });
    expect(result).toEqual({
      ok: false,
      errors: { name: "Name is required", itemType: "Item type is required", price: "Price must be a positive number" },
    });
  });

  it("sends pounds as entered", () => {
    expect(parsePricingForm({ name: "Tea", itemType: "traditional-afternoon-tea", price: "31.5", isActive: false })).toEqual({
      ok: true,
      data: { name: "Tea", itemType: "traditional-afternoon-tea", price: 31.5, isActive: false },
    });
  });
});

describe("PricingFormDialog", () => {
  it("opens an item with its price in pounds and two decimals, and saves the edit", async () => {
    const onSubmit = vi.fn();
    renderWithTheme(<PricingFormDialog opened onClose={() => {}} item={{ ...tea, price: 3000 }} onSubmit={onSubmit} />);
    expect(screen.getByText("Edit Pricing Item")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Price/) as HTMLInputElement).value).toBe("30.00"));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Cream Tea" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Cream Tea", itemType: "traditional-afternoon-tea", price: 30, isActive: true });
  });

  it("keeps what staff typed when the list is refetched and hands over the same item anew", async () => {
    const onSubmit = vi.fn();
    const view = renderWithTheme(<PricingFormDialog opened onClose={() => {}} item={tea} onSubmit={onSubmit} />);
    await waitFor(() => expect((screen.getByLabelText(/^Price/) as HTMLInputElement).value).toBe("29.95"));
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: "31.50" } });
    fireEvent.click(screen.getByRole("switch", { name: "Active" }));
    // A background refetch: an equal item, a new object.
    view.rerender(<PricingFormDialog opened onClose={() => {}} item={{ ...tea }} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: tea.name, itemType: tea.itemType, price: 31.5, isActive: false });
  });

  it("does not send an empty new item", () => {
    const onSubmit = vi.fn();
    renderWithTheme(<PricingFormDialog opened onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ["1e9", "Price must be in pounds and pence, e.g. 29.95"],
    ["-5", "Price must be a positive number"],
    ["0.001", "Price must be in pounds and pence, e.g. 29.95"],
    ["abc", "Price must be a positive number"],
    ["0", "Price must be at least £0.01"],
  ])("refuses the typed price %j with a message and leaves it as typed (R33)", async (typed, message) => {
    const onSubmit = vi.fn();
    renderWithTheme(<PricingFormDialog opened onClose={() => {}} item={tea} onSubmit={onSubmit} />);
    const price = screen.getByLabelText(/^Price/) as HTMLInputElement;
    await waitFor(() => expect(price.value).toBe("29.95"));
    fireEvent.change(price, { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(price.value).toBe(typed);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says which item type rule applies, and shows why the server refused a save", () => {
    renderWithTheme(
      <PricingFormDialog
        opened
        onClose={() => {}}
        item={tea}
        onSubmit={() => {}}
        serverError='"Traditional Afternoon Tea" (£29.95) is the active Traditional Afternoon Tea.'
      />,
    );
    expect(screen.getByText("Only one item of each type can be active: the price the website sells.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain('"Traditional Afternoon Tea" (£29.95) is the active');
  });
});
