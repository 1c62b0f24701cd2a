import { TextInput, type TextInputProps } from '@mantine/core';
import { MAX_MEASURE } from '../../../contract/parcels';
import { PARCEL_STEP } from '../../../contract/business';

/** A parcel measure (§3/§9): a number input in steps of 0.1, its unit beside it. */
export function DimensionInput({ unit, ...props }: TextInputProps & { unit: 'in' | 'oz' }) {
  return (
    <TextInput
      type="number"
      step={PARCEL_STEP}
      min={PARCEL_STEP}
      max={MAX_MEASURE}
      inputMode="decimal"
      rightSection={unit}
      rightSectionPointerEvents="none"
      {...props}
    />
  );
}
