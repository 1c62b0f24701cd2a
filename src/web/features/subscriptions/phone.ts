/** "6155550199" as "(615) 555-0199"; anything else as it is. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '—';
  const m = /^(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : phone;
}
