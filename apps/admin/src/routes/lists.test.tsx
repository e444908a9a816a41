import { fireEvent, screen, within } from "@testing-library/react";
import type { Inquiry, NewsletterSubscription } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import InquiriesPage from "./inquiries";
import NewslettersPage from "./newsletters";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const subscriber = (id: number): NewsletterSubscription => ({
  id,
  email: `reader${id}@example.com`,
  firstName: "Rosa",
  lastName: `Reader${id}`,
  isActive: true,
  source: "footer",
  createdAt: "2026-06-01T10:00:00.000Z",
});

const inquiry = (id: number, isResolved: boolean): Inquiry => ({
  id,
  name: `Enquirer ${id}`,
  email: `e${id}@example.com`,
  phone: null,
  enquiryType: "general-enquiry",
  message: "Do you do gluten-free scones?",
  isResolved,
  createdAt: "2026-06-01T10:00:00.000Z",
});

describe("the newsletters screen", () => {
  it("shows the stats from their own call, searches on the server and pages through the answer", async () => {
    const { calls } = renderWithTrpc(<NewslettersPage />, {
      "newsletters.stats": () => ({ total: 130, active: 100, inactive: 30 }),
      "newsletters.list": (input) => {
        const q = input as { search?: string; page?: number };
        if (q.search === "nobody") return { items: [], total: 0, page: 1, pageSize: 50 };
        const page = q.page ?? 1;
        return { items: [subscriber(page * 10)], total: 130, page, pageSize: 50 };
      },
    });
    expect(await screen.findByText("reader10@example.com")).toBeTruthy();
    expect(screen.getByText("130")).toBeTruthy();
    expect(screen.getByText("Showing 1 of 130 subscribers")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("reader20@example.com")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Search subscribers"), { target: { value: "nobody" } });
    expect(await screen.findByText("No subscribers found matching your search.")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: "newsletters.list", input: { search: "nobody", page: 1 } });
  });

  it("moves back a page when the page it shows is no longer there", async () => {
    let total = 51;
    const { calls } = renderWithTrpc(<NewslettersPage />, {
      "newsletters.stats": () => ({ total, active: total, inactive: 0 }),
      "newsletters.remove": () => ({ ok: true }),
      "newsletters.list": (input) => {
        const page = (input as { page?: number }).page ?? 1;
        return page * 50 - 50 < total ? { items: [subscriber(page)], total, page, pageSize: 50 } : { items: [], total, page, pageSize: 50 };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("reader2@example.com")).toBeTruthy();
    // Someone else deleted a subscriber: page 2 is gone.
    total = 50;
    vi.stubGlobal("confirm", () => true);
    fireEvent.click(screen.getByRole("button", { name: "Delete reader2@example.com" }));
    expect(await screen.findByText("reader1@example.com")).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === "newsletters.list")
        .map((c) => (c.input as { page: number }).page)
        .at(-1),
    ).toBe(1);
  });

  it("says when there are no subscribers at all", async () => {
    renderWithTrpc(<NewslettersPage />, {
      "newsletters.stats": () => ({ total: 0, active: 0, inactive: 0 }),
      "newsletters.list": () => ({ items: [], total: 0, page: 1, pageSize: 50 }),
    });
    expect(await screen.findByText("No newsletter subscribers yet.")).toBeTruthy();
  });
});

describe("the enquiries screen", () => {
  it("lists unresolved then resolved, each a page of its own with the counts of every enquiry", async () => {
    const { calls } = renderWithTrpc(<InquiriesPage />, {
      "inquiries.stats": () => ({ total: 75, unresolved: 2, resolved: 73 }),
      "inquiries.list": (input) => {
        const q = input as { resolved: boolean; page: number };
        return q.resolved
          ? { items: [inquiry(100 + q.page, true)], total: 73, page: q.page, pageSize: 50 }
          : { items: [inquiry(1, false), inquiry(2, false)], total: 2, page: 1, pageSize: 50 };
      },
    });
    const open = await screen.findByRole("region", { name: "Unresolved Inquiries (2)" });
    expect(within(open).getAllByRole("article")).toHaveLength(2);
    const done = await screen.findByRole("region", { name: "Resolved Inquiries (73)" });
    expect(await within(done).findByRole("article", { name: "Inquiry from Enquirer 101" })).toBeTruthy();
    fireEvent.click(within(done).getByRole("button", { name: "Page 2" }));
    expect(await within(done).findByRole("article", { name: "Inquiry from Enquirer 102" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "inquiries.list").map((c) => c.input)).toEqual([
      { resolved: false, page: 1 },
      { resolved: true, page: 1 },
      { resolved: true, page: 2 },
    ]);
  });

  it("shows the spec's empty state when there are no enquiries", async () => {
    renderWithTrpc(<InquiriesPage />, {
      "inquiries.stats": () => ({ total: 0, unresolved: 0, resolved: 0 }),
      "inquiries.list": () => ({ items: [], total: 0, page: 1, pageSize: 50 }),
    });
    expect(await screen.findByText("No inquiries yet")).toBeTruthy();
  });
});
