import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { beginHydration, endHydration, useResultAfterHydration } from "./hydration";

const KEY = ["/api/greeting"];
let renders: string[] = [];

function Greeting() {
  const query = useResultAfterHydration(useQuery<string>({ queryKey: KEY, queryFn: () => new Promise<string>(() => undefined) }));
  const text = query.data ?? "Loading…";
  renders.push(text);
  return <p>{text}</p>;
}

const withClient = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <Greeting />
  </QueryClientProvider>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  renders = [];
  endHydration();
});

describe("query results while a prerendered page hydrates", () => {
  it("hydrates with what the prerendered HTML showed though the data is already in, then shows the data", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(withClient(new QueryClient()));
    expect(container.textContent).toBe("Loading…");

    const arrived = new QueryClient();
    arrived.setQueryData(KEY, "Welcome to the tearoom");
    const recoverable = vi.fn();
    renders = [];
    beginHydration();
    await act(async () => {
      root = hydrateRoot(container, withClient(arrived), { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled(); // no mismatch with the server's HTML
    expect(renders[0]).toBe("Loading…");
    expect(container.textContent).toBe("Welcome to the tearoom");
  });

  it("gives a component mounted after hydration the data in its first render", async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, "Welcome back");
    beginHydration();
    endHydration();
    const container = document.createElement("div");
    await act(async () => {
      root = createRoot(container);
      root.render(withClient(client));
    });
    expect(renders).toEqual(["Welcome back"]);
    expect(container.textContent).toBe("Welcome back");
  });
});
