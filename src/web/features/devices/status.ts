/** Badge colour of each device status (ids of DEVICE_STATUSES). */
const STATUS_COLORS: Record<number, string> = {
  1: 'green',
  2: 'yellow',
  3: 'red',
  4: 'blue',
  5: 'gray',
  6: 'grape',
  7: 'orange',
};

export const statusColor = (statusId: number) => STATUS_COLORS[statusId] ?? 'gray';
