import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { clientKey, clientNetwork } from "./client-key.js";

describe("client keys (R23)", () => {
  it("keys an IPv4 client by its address, as a sha256 that does not contain it", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe(createHash("sha256").update("203.0.113.7").digest("hex"));
    expect(clientKey("203.0.113.7")).toMatch(/^[0-9a-f]{64}$/);
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("keys an IPv6 client by its /64, however the address is written", () => {
    expect(clientNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:0:0:0:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("2001:db8:1:2::1")).toBe(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
  });

  it("keys an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe(clientKey("203.0.113.7"));
  });

  it("keys anything else by what it is", () => {
    expect(clientNetwork("not an address")).toBe("not an address");
  });
});
