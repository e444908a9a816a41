import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { WaitlistEntry } from "@tearoom/domain";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "../../test/trpc";
import { DayWaitlist } from "./DayWaitlist";

const entry = (over: Partial<WaitlistEntry>): WaitlistEntry => ({
  id: 1,
  reference: "TR-AAAAAA",
  type: "afternoonTea",
  date: "2099-06-10",
  times: ["14:00"],
  guests: 2,
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "07700 900123",
  status: "waiting",
  offeredAt: null,
  offerExpiresAt: null,
  offerTime: null,
  position: 1,
  ...over,
});

describe("the day's waiting list (R52)", () => {
  it("lists entries with status, place, times, party and contact; offers seats at a time and removes entries", async () => {
    const { calls } = renderWithTrpc(<DayWaitlist date="2099-06-10" />, {
      "waitlist.list": () => [
        entry({}),
        entry({
          id: 2,
          reference: "TR-BBBBBB",
          name: "Grace Hopper",
          type: "table",
          times: null,
          status: "offered",
          offerTime: "12:00",
          offerExpiresAt: "2099-06-10T11:30:00Z",
          position: null,
        }),
      ],
      "waitlist.offer": (input) => entry({ ...(input as object), status: "offered", offerExpiresAt: "2099-06-10T12:30:00Z" }),
      "waitlist.remove": () => null,
    });
    const table = await screen.findByRole("table", { name: "Waiting list" });
    const [ada, grace] = within(table).getAllByRole("row").slice(1) as [HTMLElement, HTMLElement];
    expect(within(ada).getByText("Waiting")).toBeTruthy();
    expect(within(ada).getByText("Afternoon tea: 2:00 PM")).toBeTruthy();
    expect(within(grace).getByText("Offered (12:00 PM, held until 12:30)")).toBeTruthy();
    expect(within(grace).getByText("Table: Any time")).toBeTruthy();
    // An entry holding an offer is not offered again, only removed.
    expect(within(grace).queryByRole("button", { name: "Offer seats" })).toBeNull();

    fireEvent.change(within(ada).getByLabelText("Time to offer Ada Lovelace"), { target: { value: "15:00" } });
    fireEvent.click(within(ada).getByRole("button", { name: "Offer seats" }));
    await waitFor(() => expect(calls.find((c) => c.path === "waitlist.offer")?.input).toEqual({ id: 1, time: "15:00" }));
    fireEvent.click(within(grace).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls.find((c) => c.path === "waitlist.remove")?.input).toEqual({ id: 2 }));
  });
});
