import { describe, expect, it } from 'vitest';
import { identifierProblem, luhnValid } from './identifiers';

describe('identifiers', () => {
  it('checks the Luhn digit of IMEIs and ICCIDs', () => {
    expect(luhnValid('490154203237518')).toBe(true);
    expect(luhnValid('490154203237517')).toBe(false);
    expect(luhnValid('89014103211118510720')).toBe(true);
    expect(luhnValid('89014103211118510721')).toBe(false);
  });

  it('says when a whole IMEI or ICCID was mistyped, and nothing of other numbers', () => {
    expect(identifierProblem('490154203237517')).toMatch(/^This is not a valid IMEI/);
    expect(identifierProblem('49-015420-323751-7')).toMatch(/^This is not a valid IMEI/);
    expect(identifierProblem('89014103211118510721')).toMatch(/^This is not a valid SIM number/);
    for (const fine of ['490154203237518', '89014103211118510720', '7518', '6155550100', 'Jane Doe', ''])
      expect(identifierProblem(fine), fine).toBeNull();
  });
});
