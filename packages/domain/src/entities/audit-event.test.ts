import { describe, expect, it } from "vitest";
import { AuditListQuerySchema, changedFields } from "./audit-event.js";

describe("changedFields", () => {
  it("lists only what differs, with both sides", () => {
    expect(changedFields({ name: "Tea", price: 2995, isActive: true }, { name: "Tea", price: 3200, isActive: true })).toEqual([
      { field: "price", before: 2995, after: 3200 },
    ]);
  });
  it("lists every field of something created or removed", () => {
    expect(changedFields(null, { value: "10" })).toEqual([{ field: "value", before: undefined, after: "10" }]);
    expect(changedFields({ value: "10" }, null)).toEqual([{ field: "value", before: "10", after: undefined }]);
  });
});

describe("AuditListQuerySchema", () => {
  it("treats empty filters as none and checks the action's shape", () => {
    expect(AuditListQuerySchema.parse({ actor: "", action: "" })).toEqual({ actor: undefined, action: undefined, page: 1, pageSize: 50 });
    expect(AuditListQuerySchema.parse({ action: "pricing.update" }).action).toBe("pricing.update");
    expect(AuditListQuerySchema.safeParse({ action: "DROP TABLE" }).success).toBe(false);
  });
});
