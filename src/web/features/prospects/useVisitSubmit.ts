import { useRef, useState } from 'react';
import type { ProspectCreated, ProspectFormInput, prospectStoreFor } from '../../../contract/prospects';
import { HttpError } from '../../lib/http';
import { newIdempotencyKey } from '../../lib/idempotency';
import { notify, type FormState } from '../../ui';
import type { FoundLocation } from './useDeviceLocation';
import type { WaitingVisit } from './outbox/outbox';
import { useOutbox } from './outbox/useOutbox';

function savedMessage(created: ProspectCreated, zip: string): string {
  if (created.locationSource === 'zip')
    return `Visit saved. This device gave no location, so it is placed at the centre of ZIP ${zip}.`;
  if (created.locationSource === null)
    return 'Visit saved. It is not on the map: the device gave no location and the ZIP code is unknown.';
  return 'Visit saved.';
}

/** Where the rep was at Submit, and its accuracy. */
type SubmitPlace = Pick<FoundLocation, 'lat' | 'lng' | 'accuracy'> | null;

/**
 * One visit being submitted: its key and place are kept while the same form is sent again (a lost answer then
 * returns the first one), and a visit opened from the outbox keeps the key, place and time it was saved with.
 */
interface Attempt {
  form: string;
  key: string;
  place: SubmitPlace;
  savedAt: number;
}

const placeOf = (visit: WaitingVisit): SubmitPlace =>
  visit.input.location ? { ...visit.input.location, accuracy: visit.accuracy ?? 0 } : null;

/**
 * The visit form's submit (ADR 051): sent at once when the network carries it; otherwise validated by the same
 * schema and kept in the outbox with its key and the place taken at Submit. A waiting visit can be opened into
 * the form, fixed and submitted again, or discarded.
 */
export function useVisitSubmit(
  form: FormState<ProspectFormInput>,
  store: ReturnType<typeof prospectStoreFor>,
  locateNow: () => Promise<FoundLocation | null>,
  onSaved: () => void,
) {
  const outbox = useOutbox();
  const [opened, setOpened] = useState<WaitingVisit | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const startOver = () => {
    attempt.current = null;
    setOpened(null);
    form.reset();
  };

  const keepForLater = async (sent: Attempt, input: ProspectFormInput) => {
    const accuracy = sent.place?.accuracy ?? null;
    await outbox.keep({ key: sent.key, savedAt: sent.savedAt, input, accuracy, refusal: null });
    startOver();
    notify.success('No network: the visit is saved on this phone and will be sent when the network returns.');
  };

  const submit = async () => {
    const formJson = JSON.stringify(form.data);
    if (attempt.current?.form !== formJson) {
      const place = opened ? placeOf(opened) : await locateNow();
      attempt.current = {
        form: formJson,
        key: opened?.key ?? newIdempotencyKey(),
        place: place && { lat: place.lat, lng: place.lng, accuracy: place.accuracy },
        savedAt: opened?.savedAt ?? Date.now(),
      };
    }
    const sent = attempt.current;
    const zip = form.data.address.zip;
    const input: ProspectFormInput = {
      ...form.data,
      location: sent.place && { lat: sent.place.lat, lng: sent.place.lng },
    };
    form.transform(() => input);
    await form.submit(
      store,
      {},
      {
        idempotencyKey: sent.key,
        onSuccess: async (created) => {
          if (opened) await outbox.discard(opened.key);
          attempt.current = null;
          notify.success(savedMessage(created, zip));
          onSaved();
        },
        onError: (_fields, error) => {
          if (error instanceof HttpError && error.status === 0) void keepForLater(sent, input);
        },
      },
    );
  };

  const open = (visit: WaitingVisit) => {
    form.reset();
    form.setData(visit.input);
    for (const [field, message] of Object.entries(visit.refusal?.fieldErrors ?? {})) form.setError(field, message);
    attempt.current = null;
    setOpened(visit);
    window.scrollTo({ top: 0 });
  };

  const discard = async (visit: WaitingVisit) => {
    await outbox.discard(visit.key);
    if (opened?.key === visit.key) startOver();
  };

  return { waiting: outbox.visits, opened, submit, open, discard, startOver };
}
