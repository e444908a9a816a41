import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { ContactMessageSchema } from "./inquiry.js";
import { ENQUIRY_TYPE_LABELS } from "./inquiry-constants.js";

const valid = { name: "Ada", email: "ada@example.com", phone: "01234 567890", enquiryType: "group-booking", message: "A table for twelve, please." };

describe("contact form (spec section 5)", () => {
  it("accepts a message with or without a phone number", () => {
    expect(ContactMessageSchema.parse(valid)).toEqual(valid);
    const { phone: _p, ...noPhone } = valid;
    expect(ContactMessageSchema.parse(noPhone).phone).toBeUndefined();
    expect(ContactMessageSchema.parse({ ...valid, phone: "" }).phone).toBeUndefined();
    expect(ContactMessageSchema.parse({ ...valid, phone: "   " }).phone).toBeUndefined();
  });

  it("gives the spec's messages for an empty form", () => {
    expect(errorsOf(ContactMessageSchema, {})).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email",
      enquiryType: "Please select an enquiry type",
      message: "Message must be at least 10 characters",
    });
  });

  it("accepts the four enquiry types only", () => {
    for (const enquiryType of ["group-booking", "special-requirements", "gift-vouchers", "general-enquiry"]) {
      expect(ContactMessageSchema.parse({ ...valid, enquiryType }).enquiryType).toBe(enquiryType);
    }
    expect(errorsOf(ContactMessageSchema, { ...valid, enquiryType: "complaint" }).enquiryType).toBe("Please select an enquiry type");
    expect(Object.keys(ENQUIRY_TYPE_LABELS)).toHaveLength(4);
  });

  it("needs a message of at least 10 characters after trimming", () => {
    expect(ContactMessageSchema.parse({ ...valid, message: "1234567890" }).message).toBe("1234567890");
    expect(errorsOf(ContactMessageSchema, { ...valid, message: "123456789" }).message).toBe("Message must be at least 10 characters");
    expect(errorsOf(ContactMessageSchema, { ...valid, message: "   12345678   " }).message).toBe("Message must be at least 10 characters");
  });

  it("needs a name and a valid email", () => {
    expect(errorsOf(ContactMessageSchema, { ...valid, name: "  " }).name).toBe("Please enter your name");
    expect(ContactMessageSchema.parse({ ...valid, name: "A" }).name).toBe("A");
    expect(errorsOf(ContactMessageSchema, { ...valid, email: "ada@" }).email).toBe("Please enter a valid email");
  });
});
