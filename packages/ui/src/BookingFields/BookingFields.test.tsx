import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BookingCalendar } from "../BookingCalendar/BookingCalendar";
import { Price } from "../Price/Price";
import { renderWithTheme } from "../test-utils";
import { GuestStepper } from "./GuestStepper";
import { SlotSelect } from "./SlotSelect";

describe("GuestStepper", () => {
  it("clamps to min and max and disables the button at each end", () => {
    const onChange = vi.fn();
    const { rerender } = renderWithTheme(<GuestStepper label="Guests" value={1} min={1} max={6} onChange={onChange} />);
    expect((screen.getByRole("button", { name: "Fewer guests" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "More guests" }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    rerender(<GuestStepper label="Guests" value={6} min={1} max={6} onChange={onChange} />);
    expect((screen.getByRole("button", { name: "More guests" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("SlotSelect", () => {
  it("offers only the times with room for the party", () => {
    renderWithTheme(
      <SlotSelect
        label="Time"
        guests={4}
        value=""
        onChange={() => undefined}
        slots={[
          { time: "12:00", remaining: 10 },
          { time: "12:30", remaining: 3 },
          { time: "13:00", remaining: 0 },
          { time: "16:00", remaining: 4 },
        ]}
      />,
    );
    expect(
      within(screen.getByLabelText("Time"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select a time", "12:00 PM", "4:00 PM"]);
  });

  it("says when a day has no room left, and asks for a date first", () => {
    const { rerender } = renderWithTheme(<SlotSelect label="Time" guests={2} value="" onChange={() => undefined} slots={[{ time: "12:00", remaining: 1 }]} />);
    expect(screen.getByRole("option", { name: "No times with room on this day" })).toBeTruthy();
    rerender(<SlotSelect label="Time" guests={2} value="" onChange={() => undefined} slots={undefined} needsDate />);
    expect(screen.getByRole("option", { name: "Choose a date first" })).toBeTruthy();
  });
});

describe("BookingCalendar", () => {
  it("disables the days the rule refuses and reports the chosen day", () => {
    const onChange = vi.fn();
    renderWithTheme(
      <BookingCalendar
        label="Date"
        value={null}
        onChange={onChange}
        minDate="2030-04-01"
        isDateDisabled={(d) => d.endsWith("-10")}
        error="Please select a date"
      />,
    );
    const tenth = screen.getByRole("button", { name: "10 April 2030" });
    expect(tenth.hasAttribute("data-disabled") || (tenth as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "11 April 2030" }));
    expect(onChange).toHaveBeenCalledWith("2030-04-11");
    // Sunday first (spec section 9), and the error is tied to the group.
    expect(screen.getAllByRole("columnheader")[0]!.textContent).toBe("Su");
    expect(screen.getByRole("group", { name: /Date/ }).getAttribute("aria-describedby")).toContain("-error");
  });
});

describe("Price", () => {
  it("formats pence, keeps a placeholder while loading and says when an item is off sale", () => {
    const { rerender } = renderWithTheme(<Price pence={2995} suffix="per person" />);
    expect(screen.getByText("£29.95")).toBeTruthy();
    rerender(<Price pence={undefined} />);
    expect(screen.getByText("Loading price")).toBeTruthy();
    rerender(<Price pence={null} />);
    expect(screen.getByText("Not currently available")).toBeTruthy();
  });
});
