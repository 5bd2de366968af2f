/** Text for HTML element content and quoted attribute values (every character that could end either). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
