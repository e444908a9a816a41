import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router";
import { renderWithTrpc } from "../test/trpc";
import ReportsPage from "./reports";

afterEach(() => vi.unstubAllGlobals());

const money = { cardPence: 16985, voucherSalesPence: 5000, voucherRedeemedPence: 2500, feesPence: 0, refundsPence: 1000, netPence: 15985 };

describe("the Reports screen (R54)", () => {
  it("shows the range's takings, covers, no-shows and vouchers, each with its CSV download for that range", async () => {
    const { calls } = renderWithTrpc(
      <MemoryRouter initialEntries={["/reports?from=2027-05-01&to=2027-05-02"]}>
        <ReportsPage />
      </MemoryRouter>,
      {
        "reports.takings": () => ({
          days: [
            { date: "2027-05-01", ...money },
            { date: "2027-05-02", ...money, cardPence: 0, voucherSalesPence: 0, netPence: -1000 },
          ],
          totals: money,
        }),
        "reports.covers": () => ({ rows: [{ key: "2027-05-01", covers: 6, bookings: 2 }], totals: { covers: 6, bookings: 2 } }),
        "reports.noShows": () => ({ confirmed: 8, arrived: 6, noShows: 2, lateCancels: 1, noShowRate: 0.25, lateCancelRate: 0.1111 }),
        "reports.vouchers": () => ({
          sold: {
            count: 2,
            pence: 8000,
            bySource: {
              website: { count: 1, pence: 5000 },
              "till-card": { count: 0, pence: 0 },
              "till-cash": { count: 1, pence: 3000 },
              phone: { count: 0, pence: 0 },
              complimentary: { count: 0, pence: 0 },
            },
          },
          redeemedPence: 2500,
          expiredPence: 0,
          outstandingPence: 5500,
          outstandingPeople: 2,
          outstandingPeoplePence: 5990,
        }),
      },
    );
    const takings = await screen.findByRole("region", { name: "Takings table" });
    expect(within(takings).getAllByRole("row")).toHaveLength(3);
    expect(takings.textContent).toContain("-£10.00");
    expect(screen.getByText("6 covers from 2 confirmed bookings.")).toBeTruthy();
    expect(await screen.findByText("25.0% of confirmed")).toBeTruthy();
    expect(await screen.findByText("£55.00 + 2 people")).toBeTruthy();
    const hrefs = screen.getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/api/reports/takings.csv?from=2027-05-01&to=2027-05-02",
        "/api/reports/takings-accounting.csv?from=2027-05-01&to=2027-05-02",
        "/api/reports/covers.csv?from=2027-05-01&to=2027-05-02&groupBy=day",
        "/api/reports/no-shows.csv?from=2027-05-01&to=2027-05-02",
        "/api/reports/vouchers.csv?at=2027-05-02&from=2027-05-01",
      ]),
    );
    expect(calls.find((c) => c.path === "reports.takings")?.input).toEqual({ from: "2027-05-01", to: "2027-05-02" });
  });
});
