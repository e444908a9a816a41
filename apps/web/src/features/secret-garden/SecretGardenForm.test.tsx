import { SEED_GARDEN_SPOTS, type GardenSpot } from "@tearoom/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { chooseDate, mockApi, openDay, renderApp, SETTINGS, siteAndSlots } from "../../test/render";
import { SecretGardenForm } from "./SecretGardenForm";

const alcove = SEED_GARDEN_SPOTS.find((s) => s.id === "secret-alcove")!;
const terrace = SEED_GARDEN_SPOTS.find((s) => s.id === "wisteria-terrace")!;

describe("SecretGardenForm", () => {
  it("without a date, time and location shows the destructive Missing Information toast", async () => {
    mockApi(siteAndSlots);
    renderApp(
      <SecretGardenForm
        spots={SEED_GARDEN_SPOTS}
        spot={null}
        onSpotChange={() => undefined}
        settings={SETTINGS}
        winePence={1500}
        onConfirmed={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Reserve Your Secret Garden Experience" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Missing Information");
    expect(alert.textContent).toContain("Please select a date, time, and garden location.");
  });

  it("offers guests up to the spot's capacity and labels 6:00 PM for private events only", async () => {
    mockApi(siteAndSlots);
    renderApp(
      <SecretGardenForm
        spots={SEED_GARDEN_SPOTS}
        spot={alcove}
        onSpotChange={() => undefined}
        settings={SETTINGS}
        winePence={1500}
        onConfirmed={() => undefined}
      />,
    );
    expect(
      within(screen.getByLabelText(/Number of guests/))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1 guest", "2 guests"]);
    await chooseDate(openDay("secretGarden"));
    expect(await screen.findByRole("option", { name: "6:00 PM (Private Events Only)" })).toBeTruthy();
  });

  it("stores the booking, waits at least 1.5 s, then confirms with the server's wine total", async () => {
    const api = mockApi((url, init) =>
      url.pathname === "/api/bookings"
        ? { status: 201, body: { id: 3, reference: "SG-4F7D", status: "confirmed", amountPence: 4500 } }
        : siteAndSlots(url, init),
    );
    const onConfirmed = vi.fn();
    renderApp(
      <SecretGardenForm
        spots={SEED_GARDEN_SPOTS}
        spot={terrace}
        onSpotChange={() => undefined}
        settings={SETTINGS}
        winePence={1500}
        onConfirmed={onConfirmed}
      />,
    );
    const date = openDay("secretGarden");
    await chooseDate(date);
    fireEvent.change((await screen.findByRole("option", { name: "2:00 PM" })).closest("select")!, { target: { value: "14:00" } });
    expect(screen.queryByRole("option", { name: /6:00 PM/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Number of guests/), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Vita Sackville-West" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "vita@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "01580 710700" } });
    fireEvent.click(screen.getByLabelText(/Add a glass of English sparkling wine \(\+£15\.00 per person\)/));
    const started = Date.now();
    fireEvent.click(screen.getByRole("button", { name: "Reserve Your Secret Garden Experience" }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalled(), { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(onConfirmed.mock.calls[0]![0]).toMatchObject({ reference: "SG-4F7D", date, time: "14:00", guests: 3, includeWine: true, wineTotalPence: 4500 });
    expect(JSON.parse(String(api.mock.calls.find(([u]) => String(u).includes("/api/bookings"))![1]!.body))).toMatchObject({
      type: "secretGarden",
      gardenSpotId: "wisteria-terrace",
      includeWine: true,
    });
    expect((await screen.findByRole("status")).textContent).toContain("Booking Confirmed!");
  });

  it("an empty submit focuses what is missing first: the location, then the date, then the time, then the details", async () => {
    mockApi(siteAndSlots);
    function WithSpot() {
      const [spot, setSpot] = useState<GardenSpot | null>(null);
      return (
        <>
          <button onClick={() => setSpot(terrace)}>Pick the terrace</button>
          <SecretGardenForm spots={SEED_GARDEN_SPOTS} spot={spot} onSpotChange={setSpot} settings={SETTINGS} winePence={1500} onConfirmed={() => undefined} />
        </>
      );
    }
    renderApp(<WithSpot />);
    const reserve = () => fireEvent.click(screen.getByRole("button", { name: "Reserve Your Secret Garden Experience" }));
    reserve();
    await screen.findByRole("alert");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Choose location" }));

    fireEvent.click(screen.getByRole("button", { name: "Pick the terrace" }));
    reserve();
    await vi.waitFor(() => expect(screen.getByRole("group", { name: /^Date/ }).contains(document.activeElement)).toBe(true));

    await chooseDate(openDay("secretGarden"));
    await screen.findByRole("option", { name: "2:00 PM" });
    reserve();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Time/)));

    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: "14:00" } });
    reserve();
    expect(await screen.findByText("Please enter your name.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
  });
});
