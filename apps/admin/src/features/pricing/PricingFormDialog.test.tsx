import { fireEvent, screen } from "@testing-library/react";
import type { PricingItem } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { parsePricingForm, pricingFormFrom } from "./pricing-form";
import { PricingFormDialog } from "./PricingFormDialog";

const tea: PricingItem = { id: 7, name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 2995, isActive: true };

describe("pricing form", () => {
  it("shows stored pence as pounds on edit", () => {
    expect(pricingFormFrom(tea).price).toBe(29.95);
    expect(pricingFormFrom({ ...tea, price: 5000 }).price).toBe(50);
  });

  it("refuses a blank price, a missing type and a missing name with the spec's messages", () => {
    const result = parsePricingForm({ name: " ", itemType: "", price: "", isActive: true });
    expect(result).toEqual({
      ok: false,
      errors: { name: "Name is required", itemType: "Item type is required", price: "Price must be a positive number" },
    });
  });

  it("refuses a negative price", () => {
    const result = parsePricingForm({ name: "Tea", itemType: "traditional-afternoon-tea", price: -1, isActive: true });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.price).toBe("Price must be a positive number");
  });

  it("sends pounds as entered", () => {
    expect(parsePricingForm({ name: "Tea", itemType: "traditional-afternoon-tea", price: "31.5", isActive: false })).toEqual({
      ok: true,
      data: { name: "Tea", itemType: "traditional-afternoon-tea", price: 31.5, isActive: false },
    });
  });
});

describe("PricingFormDialog", () => {
  it("opens an item with its price in pounds and two decimals, and saves the edit", () => {
    const onSubmit = vi.fn();
    renderWithTheme(<PricingFormDialog opened onClose={() => {}} item={{ ...tea, price: 3000 }} onSubmit={onSubmit} />);
    expect(screen.getByText("Edit Pricing Item")).toBeTruthy();
    const price = screen.getByLabelText(/^Price/) as HTMLInputElement;
    expect(price.value).toBe("30.00");
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Cream Tea" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Cream Tea", itemType: "traditional-afternoon-tea", price: 30, isActive: true });
  });

  it("does not send an empty new item", () => {
    const onSubmit = vi.fn();
    renderWithTheme(<PricingFormDialog opened onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
