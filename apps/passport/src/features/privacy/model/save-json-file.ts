/** Hands `data` to the browser as a file download named `fileName` (no server round trip: the data is here). */
export function saveJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `joypeak-my-data-2026-11-25.json` (the day in UTC, as the file's `generated_at`). */
export function exportFileName(generatedAt: string): string {
  return `joypeak-my-data-${generatedAt.slice(0, 10)}.json`;
}
