import { RETURN_REASONS } from '../../../contract/business';
import { FilterChip } from '../../ui';
import { reasonLabel, useCancellationReasons } from '../cancellation-reasons';
import { useCan } from '../auth';
import { useDeviceOptions } from '../devices';

interface OpenedFilters {
  reasonId: string;
  returnReasonId: string;
  productId: string;
  latestDevices: string;
}

/**
 * One reason's, one return reason's or one model's cancellations, as a bar of the dashboard opens them: these
 * filters have no field of their own, so each shows as a chip that clears it.
 */
export function OpenedFilterChips({
  filters: { reasonId, returnReasonId, productId, latestDevices },
  set,
}: {
  filters: OpenedFilters;
  set(changes: Record<string, null>): void;
}) {
  const reasons = useCancellationReasons();
  const can = useCan();
  // The chip names the model; a role that may not read the products sees its id instead.
  const products = useDeviceOptions({ enabled: !!productId && can('devices.view') });
  return (
    <>
      {reasonId && (
        <FilterChip
          label="Reason"
          value={reasonLabel(reasons.data, Number(reasonId))}
          pending={reasons.isLoading}
          clearLabel="Show every reason"
          onClear={() => set({ reasonId: null })}
        />
      )}
      {returnReasonId && (
        <FilterChip
          label="Return reason"
          value={RETURN_REASONS.find((r) => r.id === Number(returnReasonId))?.name ?? `Return reason ${returnReasonId}`}
          clearLabel="Show every return reason"
          onClear={() => set({ returnReasonId: null })}
        />
      )}
      {productId && (
        <FilterChip
          label="Model"
          value={`${products.data?.products.find((p) => p.id === Number(productId))?.model ?? `Product ${productId}`}, latest ${Number(latestDevices).toLocaleString('en-US')} deployed devices`}
          pending={products.isLoading}
          clearLabel="Show every model"
          onClear={() => set({ productId: null, latestDevices: null })}
        />
      )}
    </>
  );
}
