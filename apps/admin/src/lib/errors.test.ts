import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorMessage, isUnauthorized } from "./errors";

const trpcError = (message: string, code: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus: code === "UNAUTHORIZED" ? 401 : 400 } } });

describe("errors from the API", () => {
  it("uses the server's readable message", () => {
    expect(errorMessage(trpcError("settingKey: max_guests already exists; edit its value instead", "CONFLICT"), "Failed")).toBe(
      "settingKey: max_guests already exists; edit its value instead",
    );
  });

  it("falls back when there is nothing readable", () => {
    expect(errorMessage(new Error("boom"), "Failed to create pricing")).toBe("Failed to create pricing");
    expect(errorMessage(trpcError("Failed to fetch", "INTERNAL_SERVER_ERROR"), "Failed to create pricing")).toBe("Failed to create pricing");
  });

  it("recognises a missing session", () => {
    expect(isUnauthorized(trpcError("Please sign in to continue.", "UNAUTHORIZED"))).toBe(true);
    expect(isUnauthorized(trpcError("Nope", "BAD_REQUEST"))).toBe(false);
  });
});
