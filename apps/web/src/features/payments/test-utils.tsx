import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { TearoomProvider } from "@tearoom/ui";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { SITE } from "../../test/render";

/** Shows the current location, so tests can see where a page navigated to. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAt(path: string, routes: Record<string, ReactElement>) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TearoomProvider env="test">
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {Object.entries(routes).map(([p, el]) => (
              <Route key={p} path={p} element={el} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </TearoomProvider>
    </QueryClientProvider>,
  );
}

type Handler = (body: unknown) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * Replaces fetch with answers per "METHOD /path"; unknown calls answer 404. GET /api/site answers
 * the seed site data unless a handler says otherwise, and is left out of `calls` then.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    if (key === "GET /api/site" && !handlers[key]) return new Response(JSON.stringify(SITE), { status: 200, headers: { "content-type": "application/json" } });
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const handler = handlers[key];
    const answer = handler ? await handler(body) : { status: 404, body: { message: "not found" } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}
