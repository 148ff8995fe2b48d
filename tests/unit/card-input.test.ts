import { describe, expect, it } from "vitest";
import {
  cardBody,
  cardErrors,
  cleanCvc,
  cleanExpiryInput,
  editCardNumber,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from "@/components/shop/checkout/card-input";
import { sandboxCardBody } from "@/lib/schemas/orders";

describe("card input – parseExpiry", () => {
  for (const raw of ["1230", "12/30", "12 / 30", "12/2030", " 12/30 ", "12 /30", "122030", "12-30", "12.30", "12 30", "12 / 2030"]) {
    it(`"${raw}" → December 2030`, () => expect(parseExpiry(raw)).toEqual({ expMonth: 12, expYear: 2030 }));
  }
  it('"1/30" and "01/30" → January 2030', () => {
    expect(parseExpiry("1/30")).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry("0130")).toEqual({ expMonth: 1, expYear: 2030 });
  });
  for (const raw of ["", "12", "123", "12/3", "12/203", "ab/cd", "12//30", "12/30/1"]) {
    it(`"${raw}" does not parse`, () => {
      const { expMonth, expYear } = parseExpiry(raw);
      expect(Number.isNaN(expMonth) && Number.isNaN(expYear)).toBe(true);
    });
  }
  it("shown as MM / YY after leaving the field; what does not parse stays as typed", () => {
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("1/2031")).toBe("01 / 31");
    expect(formatExpiry("13/30")).toBe("13/30");
    expect(formatExpiry("12/3")).toBe("12/3");
  });
  it("while typing only digits, spaces and a separator are kept", () => {
    expect(cleanExpiryInput("12a/3b0")).toBe("12/30");
    expect(cleanExpiryInput("12 / 2030 and more")).toBe("12 / 2030");
  });
});

describe("card input – card number grouped in fours", () => {
  it("groups typed, pasted (spaces, dashes) numbers in fours, at most 19 digits", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242-4242-4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber(" 4242 4242  4242 4242 ")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
    expect(formatCardNumber("abc")).toBe("");
  });

  it("typing at the end puts the caret after the new digit, past a new group space", () => {
    expect(editCardNumber("4242", "42424", 5)).toEqual({ value: "4242 4", caret: 6 });
    expect(editCardNumber("4242 424", "4242 4242", 9)).toEqual({ value: "4242 4242", caret: 9 });
  });

  it("typing in the middle keeps the caret behind the typed digit while the groups shift", () => {
    // "42|42 4242" + "1" → "4214 2424 2", caret after the "1".
    expect(editCardNumber("4242 4242", "42142 4242", 3)).toEqual({ value: "4214 2424 2", caret: 3 });
    // Before a group space: "4242| 4242" + "9" → "4242 9424 2", caret after the "9".
    expect(editCardNumber("4242 4242", "42429 4242", 5)).toEqual({ value: "4242 9424 2", caret: 6 });
  });

  it("deleting in the middle keeps the caret in place", () => {
    // "4242 4|242" Backspace → "4242| 242": still after the same four digits.
    expect(editCardNumber("4242 4242", "4242 242", 5, "deleteContentBackward")).toEqual({ value: "4242 242", caret: 4 });
    // "42|42 4242" Backspace → "4|424 242": the digits move up a group, the caret stays after the first "4".
    expect(editCardNumber("4242 4242", "442 4242", 1, "deleteContentBackward")).toEqual({ value: "4424 242", caret: 1 });
  });

  it("Backspace right after a group space removes the digit before it; Delete before it the digit after it", () => {
    expect(editCardNumber("4242 5678", "42425678", 4, "deleteContentBackward")).toEqual({ value: "4245 678", caret: 3 });
    expect(editCardNumber("4242 5678", "42425678", 4, "deleteContentForward")).toEqual({ value: "4242 678", caret: 4 });
  });

  it("a pasted number with dashes replaces the selection and the caret goes to its end", () => {
    expect(editCardNumber("", "4000-0027-6000-3184", 19)).toEqual({ value: "4000 0027 6000 3184", caret: 19 });
  });
});

describe("card input – CVC and checks", () => {
  it("the CVC keeps digits only, at most four", () => {
    expect(cleanCvc("1a2b3")).toBe("123");
    expect(cleanCvc("12345")).toBe("1234");
  });

  it("the sandbox's test cards pass the Luhn check, a mistyped one does not", () => {
    for (const number of ["4242424242424242", "4000000000000002", "4000002760003184"]) expect(luhnValid(number)).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  const now = new Date(2026, 10, 23); // November 2026
  const good = { number: "4242 4242 4242 4242", expiry: "1230", cvc: "123" };

  it("a complete card has no faults", () => expect(cardErrors(good, now)).toEqual({}));

  it("names the faulty fields with the server's message keys", () => {
    expect(cardErrors({ number: "4242 4242", expiry: "13/30", cvc: "12" }, now)).toEqual({
      cardNumber: "validation.cardNumberInvalid",
      expiry: "validation.cardExpiryInvalid",
      cvc: "validation.cardCvcInvalid",
    });
    expect(cardErrors({ ...good, number: "4242 4242 4242 4241" }, now)).toEqual({ cardNumber: "validation.cardNumberInvalid" });
  });

  it("an expiry before this month is refused, this month is fine", () => {
    expect(cardErrors({ ...good, expiry: "10/26" }, now)).toEqual({ expiry: "validation.cardExpiryInvalid" });
    expect(cardErrors({ ...good, expiry: "11/26" }, now)).toEqual({});
    expect(cardErrors({ ...good, expiry: "0127" }, now)).toEqual({});
  });

  it("the body sent for every accepted expiry shape is valid for the server's schema", () => {
    for (const expiry of ["1230", "12/30", "12 / 30", "12/2030"]) {
      const body = cardBody({ ...good, expiry });
      expect(body).toEqual({ cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" });
      expect(sandboxCardBody.safeParse(body).success).toBe(true);
    }
  });
});
