/** The Luhn check digit (ISO/IEC 7812) that ends every IMEI (15 digits) and every SIM's ICCID (19 or 20, from 89). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digits typed as the last part of an IMEI: 4 or more, fewer than a whole one. */
export const IMEI_SUFFIX = /^\d{4,14}$/;

/**
 * What a typed number cannot be, said before anyone searches for it: a whole IMEI or ICCID whose check digit is
 * wrong was mistyped. Null when the text is not one of them or is valid.
 */
export function identifierProblem(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{15}$/.test(digits) && !luhnValid(digits))
    return 'This is not a valid IMEI: its last digit does not match the others. Check for a mistyped digit.';
  if (/^89\d{17,18}$/.test(digits) && !luhnValid(digits))
    return 'This is not a valid SIM number (ICCID): its last digit does not match the others. Check for a mistyped digit.';
  return null;
}
