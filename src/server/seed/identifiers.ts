/** Device identifiers that look real (with valid check digits) and are unique by construction from a sequence number. */

function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** ICCID: 89 (telecom), 01 (US), issuer 260, a 12-digit serial, Luhn check digit. */
export function simFor(serial: number): string {
  const body = `8901260${pad(serial, 12)}`;
  return body + luhnDigit(body);
}

/** IMEI: an 8-digit type allocation code per model, a 6-digit serial, Luhn check digit. */
export function imeiFor(model: number, serial: number): string {
  const body = `35${pad(model, 2)}${pad(Math.floor(serial / 1_000_000), 4)}${pad(serial % 1_000_000, 6)}`;
  return body + luhnDigit(body);
}

/** A 10-digit number in the area code; the 7 local digits are a permutation of the serial (unique below 8 million). */
export function phoneFor(areaCode: string, serial: number): string {
  const p = (serial * 7919 + 1_234_567) % 8_000_000;
  return `${areaCode}${200 + Math.floor(p / 10_000)}${pad(p % 10_000, 4)}`;
}
