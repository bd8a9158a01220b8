/** A message time as the product shows it: en-US, 12-hour, "hh:mm AM/PM". */
export function formatMessageTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });
}
