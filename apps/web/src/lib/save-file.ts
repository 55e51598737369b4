/** Saves a Blob under a file name through a temporary link, the way a browser download starts. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; give it a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a file. */
export function saveFile(name: string, content: string, type: string): void {
  saveBlob(new Blob([content], { type }), name);
}
