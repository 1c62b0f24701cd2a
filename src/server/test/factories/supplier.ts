let seq = 0;

/** A supplier form body the rules accept, with a name of its own unless one is given; for tests. */
export const supplierBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Carrier Wholesale ${++seq}`,
  contactName: 'Pat Vendor',
  contactEmail: 'pat@vendor.example',
  contactPhone: '615-555-0100',
  prorates: '0',
  supplierReport: true,
  frequency: 'Monthly',
  billingCycle: 'Calendar Month',
  ...overrides,
});
