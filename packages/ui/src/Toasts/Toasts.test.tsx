import { act, fireEvent, screen } from "@testing-library/react";
import { TOAST } from "@tearoom/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test-utils";
import { useToast, type ToastInput } from "./ToastProvider";

function Trigger({ input, label = "show" }: { input: ToastInput; label?: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      {label}
    </button>
  );
}

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time: a new one replaces the old", () => {
    renderWithTheme(
      <>
        <Trigger label="first" input={{ title: "Booking Submitted", description: "We'll confirm your reservation shortly." }} />
        <Trigger label="second" input={{ title: "Message Sent" }} />
      </>,
    );
    fireEvent.click(screen.getByText("first"));
    expect(screen.getByRole("status").textContent).toContain("Booking Submitted");
    fireEvent.click(screen.getByText("second"));
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toContain("Message Sent");
  });

  it("uses role=alert for the destructive variant", () => {
    renderWithTheme(<Trigger input={{ title: "Missing Information", variant: "destructive" }} />);
    fireEvent.click(screen.getByText("show"));
    expect(screen.getByRole("alert").textContent).toContain("Missing Information");
  });

  it("closes after the default 5 seconds and on the close button", () => {
    renderWithTheme(<Trigger input={{ title: "Hello" }} />);
    fireEvent.click(screen.getByText("show"));
    act(() => vi.advanceTimersByTime(TOAST.durationMs - 10));
    expect(screen.getByRole("status")).toBeTruthy();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole("status")).toBeNull();

    fireEvent.click(screen.getByText("show"));
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("F8 moves focus to the notification region", () => {
    renderWithTheme(<Trigger input={{ title: "Hello" }} />);
    fireEvent.keyDown(document, { key: "F8" });
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
