import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { ExportBookingsButton } from "./ExportBookingsDialog";

describe("Export CSV on the reservations screen", () => {
  it("downloads the bookings of the chosen dates, and refuses a range that ends before it starts", async () => {
    const download = vi.fn();
    renderWithTheme(<ExportBookingsButton download={download} />);
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    fireEvent.change(await screen.findByLabelText(/^From/), { target: { value: "2027-06-30" } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2027-06-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(await screen.findByText("to must be on or after from")).toBeTruthy();
    expect(download).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: "2027-06-01" } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2027-06-30" } });
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(download).toHaveBeenCalledWith("/api/bookings.csv?from=2027-06-01&to=2027-06-30");
  });
});
