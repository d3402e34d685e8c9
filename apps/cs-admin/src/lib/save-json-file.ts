/** Hands `blob` to the browser as a file download named `fileName` (the data is already here). */
export function saveBlob(fileName: string, blob: Blob): void {
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

/** Hands `data` to the browser as a JSON file download named `fileName`. */
export function saveJsonFile(fileName: string, data: unknown): void {
  saveBlob(fileName, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}
