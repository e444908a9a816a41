import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseDate, mockApi, openDay, renderApp, SITE, siteAndSlots } from "../../test/render";
import { BookingForm } from "./BookingForm";

describe("BookingForm", () => {
  it("shows a spinner while the settings load, then the message when they cannot", async () => {
    mockApi((url) => (url.pathname === "/api/site" ? { status: 500, body: { message: "down" } } : undefined));
    renderApp(<BookingForm />);
    expect(screen.getByText("Loading booking settings…")).toBeTruthy();
    expect(await screen.findByText("Unable to load booking settings. Please try again later.")).toBeTruthy();
  });

  it("offers 1–6 guests for a table and 1–8 for a picnic hamper, with the type's own extra field", async () => {
    mockApi(siteAndSlots);
    renderApp(<BookingForm />);
    const guests = (await screen.findByLabelText(/Number of guests/)) as HTMLSelectElement;
    expect(within(guests).getAllByRole("option")).toHaveLength(7);
    expect(screen.getByLabelText(/Dining preference/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Booking type/), { target: { value: "picnicHamper" } });
    expect(within(screen.getByLabelText(/Number of guests/)).getAllByRole("option")).toHaveLength(9);
    expect(screen.getByLabelText(/Hamper type/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Booking type/), { target: { value: "afternoonTea" } });
    expect(screen.getByLabelText(/Tea type/)).toBeTruthy();
  });

  it("shows the field messages, then the Error toast for a missing dining preference, then posts and resets", async () => {
    const api = mockApi((url, init) => {
      if (url.pathname === "/api/bookings" && init?.method === "POST") return { status: 201, body: { id: 7, reference: "TR-7Q2K", status: "pending" } };
      return siteAndSlots(url, init);
    });
    renderApp(<BookingForm />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit Booking" }));
    await screen.findByText("Please select a date.");
    for (const text of [
      "Please select a date.",
      "Please select a time.",
      "Please select number of guests.",
      "Please enter your name.",
      "Please enter a valid email.",
      "Please enter your phone number.",
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }

    await chooseDate(openDay("table"));
    fireEvent.change(screen.getByLabelText(/Number of guests/), { target: { value: "2" } });
    const time = (await screen.findByRole("option", { name: "12:30 PM" })).closest("select")!;
    fireEvent.change(time, { target: { value: "12:30" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Ada Lovelace" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "01234 555000" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Booking" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error");
    expect(alert.textContent).toContain("Please select a dining preference.");
    expect(api.mock.calls.some(([u]) => String(u).includes("/api/bookings"))).toBe(false);

    fireEvent.change(screen.getByLabelText(/Dining preference/), { target: { value: "lunch" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Booking" }));
    const done = await screen.findByRole("status");
    expect(done.textContent).toContain("Booking Submitted");
    expect(done.textContent).toContain("We'll confirm your reservation shortly.");
    const post = api.mock.calls.find(([u]) => String(u).includes("/api/bookings"))!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ type: "table", time: "12:30", guests: 2, diningPreference: "lunch", name: "Ada Lovelace" });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
    // The reference stays on the page after the toast has gone.
    const received = screen.getByRole("region", { name: "Request received" });
    expect(received.textContent).toContain("Your reference is TR-7Q2K.");
    // R51: what was asked for stays with it, and where.
    const rows = [...received.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]);
    expect(rows.slice(1, 3)).toEqual([
      ["Time", "12:30 PM"],
      ["Guests", "2"],
    ]);
    expect(rows[0]![0]).toBe("Date");
    expect(rows[3]?.[0]).toBe("Where");
  });

  it("shows the generic failure toast with the server's reason when a booking is refused", async () => {
    mockApi((url, init) => {
      if (url.pathname === "/api/bookings") return { status: 409, body: { message: "That time is full. Please choose another." } };
      return siteAndSlots(url, init);
    });
    renderApp(<BookingForm />);
    fireEvent.change(await screen.findByLabelText(/Dining preference/), { target: { value: "breakfast" } });
    await chooseDate(openDay("table"));
    fireEvent.change(screen.getByLabelText(/Number of guests/), { target: { value: "4" } });
    fireEvent.change((await screen.findByRole("option", { name: "12:00 PM" })).closest("select")!, { target: { value: "12:00" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Grace" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "grace@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "01234" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Booking" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("There was a problem submitting your booking. Please try again.");
    expect(alert.textContent).toContain("That time is full.");
  });

  it("an empty submit focuses the first field in error and raises the Error toast for the type's own field", async () => {
    mockApi(siteAndSlots);
    renderApp(<BookingForm />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit Booking" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error");
    expect(alert.textContent).toContain("Please select a dining preference.");
    // The message stays under the field as well, and the field takes the focus.
    expect(
      within(screen.getByLabelText(/Dining preference/).closest(".mantine-InputWrapper-root")!).getByText("Please select a dining preference."),
    ).toBeTruthy();
    expect(screen.getByText("Please select a date.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Dining preference/));
  });

  for (const [type, label, message] of [
    ["afternoonTea", /Tea type/, "Please select a tea type."],
    ["picnicHamper", /Hamper type/, "Please select a hamper type."],
  ] as const) {
    it(`a missing ${message.slice(16, -1)} raises the toast titled Error, other fields missing or not`, async () => {
      mockApi(siteAndSlots);
      renderApp(<BookingForm initialType={type} />);
      fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: "Ada" } });
      fireEvent.click(screen.getByRole("button", { name: "Submit Booking" }));
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain("Error");
      expect(alert.textContent).toContain(message);
      expect(document.activeElement).toBe(screen.getByLabelText(label));
    });
  }

  it("R47: shows the table's deposit policy, and on a held request (202) asks for the deposit with the card form", async () => {
    const deposit = "A deposit of £10.00 per guest is taken when you book and counted towards your bill.";
    mockApi((url, init) => {
      if (url.pathname === "/api/site") return { body: { ...SITE, policies: { ...SITE.policies, table: { kind: "deposit", text: deposit } } } };
      if (url.pathname === "/api/payments/config") return { body: { provider: "demo" } };
      if (url.pathname === "/api/bookings" && init?.method === "POST") {
        return {
          status: 202,
          body: { reference: "TR-HELD01", status: "held", payment: { kind: "deposit", clientSecret: "pi_1_secret_2", amountPence: 2000 } },
        };
      }
      return siteAndSlots(url, init);
    });
    renderApp(<BookingForm />);
    expect((await screen.findByTestId("booking-policy")).textContent).toBe(deposit);
    fireEvent.change(screen.getByLabelText(/Dining preference/), { target: { value: "lunch" } });
    await chooseDate(openDay("table"));
    fireEvent.change(screen.getByLabelText(/Number of guests/), { target: { value: "2" } });
    const time = (await screen.findByRole("option", { name: "12:30 PM" })).closest("select")!;
    fireEvent.change(time, { target: { value: "12:30" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Ada Lovelace" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "01234 555000" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Booking" }));
    const held = await screen.findByTestId("held-payment");
    expect(held.textContent).toContain("TR-HELD01");
    expect(held.textContent).toContain("A deposit of £20.00 is taken now");
    expect(await within(held).findByRole("button", { name: "Pay £20.00 deposit" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit Booking" })).toBeNull();
  });
});
