import dayjs from 'dayjs';

/** The product's date and time formats (§2 "Date picker"). */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const TIME_FORMAT = 'h:mm A';

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(`${DATE_FORMAT} ${TIME_FORMAT}`) : '';
}
