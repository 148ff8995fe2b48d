export const CARD_NUMBER_MAX_DIGITS = 19;
export const CARD_NUMBER_MAX_LENGTH = CARD_NUMBER_MAX_DIGITS + 4;
export const EXPIRY_MAX_LENGTH = 9;
export const CVC_MAX_DIGITS = 4;

export type CardField = "cardNumber" | "expiry" | "cvc";
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
}

const digitsOf = (value: string) => value.replace(/\D/g, "");

export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? "")) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** Deleting just a group space removes the digit beyond it, so the key press is not swallowed by the regrouping. */
export function editCardNumber(previous: string, next: string, caret: number, inputType?: string): { value: string; caret: number } {
  let raw = next;
  let at = Math.max(0, Math.min(caret, raw.length));
  const removedOnlySpace =
    next.length === previous.length - 1 &&
    digitsOf(next) === digitsOf(previous) &&
    previous[at] === " " &&
    previous.slice(0, at) + previous.slice(at + 1) === next;
  if (removedOnlySpace && inputType === "deleteContentBackward" && at > 0) {
    // "4242 |4" Backspace → "424|4".
    raw = next.slice(0, at - 1) + next.slice(at);
    at -= 1;
  } else if (removedOnlySpace && inputType === "deleteContentForward") {
    // "4242| 42" Delete → "4242| 2".
    raw = next.slice(0, at) + next.slice(at + 1);
  }
  const digitsBefore = Math.min(digitsOf(raw.slice(0, at)).length, CARD_NUMBER_MAX_DIGITS);
  const value = formatCardNumber(raw);
  return { value, caret: caretAfterDigits(value, digitsBefore) };
}

export function cleanExpiryInput(value: string): string {
  return value.replace(/[^\d\s/.-]/g, "").slice(0, EXPIRY_MAX_LENGTH);
}

export function parseExpiry(raw: string): { expMonth: number; expYear: number } {
  const value = raw.trim();
  const separated = /^(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/.exec(value);
  const compact = /^(\d{2})(\d{2}|\d{4})$/.exec(value.replace(/\s+/g, ""));
  const m = separated ?? compact;
  if (!m?.[1] || !m[2]) return { expMonth: Number.NaN, expYear: Number.NaN };
  const year = Number(m[2]);
  return { expMonth: Number(m[1]), expYear: m[2].length === 2 ? 2000 + year : year };
}

export function formatExpiry(raw: string): string {
  const { expMonth, expYear } = parseExpiry(raw);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear)) return raw;
  return `${String(expMonth).padStart(2, "0")} / ${String(expYear % 100).padStart(2, "0")}`;
}

export function cleanCvc(value: string): string {
  return digitsOf(value).slice(0, CVC_MAX_DIGITS);
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const CARD_ERRORS = {
  cardNumber: "validation.cardNumberInvalid",
  expiry: "validation.cardExpiryInvalid",
  cvc: "validation.cardCvcInvalid",
} as const;

export function cardErrors(card: CardValues, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const number = digitsOf(card.number);
  if (number.length < 12 || number.length > CARD_NUMBER_MAX_DIGITS || !luhnValid(number)) errors.cardNumber = CARD_ERRORS.cardNumber;
  const { expMonth, expYear } = parseExpiry(card.expiry);
  const thisYear = now.getFullYear();
  const valid =
    Number.isInteger(expMonth) &&
    expMonth >= 1 &&
    expMonth <= 12 &&
    Number.isInteger(expYear) &&
    expYear <= 2100 &&
    (expYear > thisYear || (expYear === thisYear && expMonth >= now.getMonth() + 1));
  if (!valid) errors.expiry = CARD_ERRORS.expiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = CARD_ERRORS.cvc;
  return errors;
}

export function cardBody(card: CardValues): { cardNumber: string; expMonth: number; expYear: number; cvc: string } {
  return { cardNumber: digitsOf(card.number), cvc: card.cvc.trim(), ...parseExpiry(card.expiry) };
}
