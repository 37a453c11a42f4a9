/** Typed events components send up to the app shell. */
export class AnnounceEvent extends Event {
  constructor(readonly text: string) {
    super('wc-announce', { bubbles: true, composed: true });
  }
}
export class NavigateEvent extends Event {
  constructor(readonly hash: string) {
    super('wc-navigate', { bubbles: true, composed: true });
  }
}
declare global {
  interface GlobalEventHandlersEventMap {
    'wc-announce': AnnounceEvent;
    'wc-navigate': NavigateEvent;
  }
}

/** Saves text as a file through a temporary link (works offline; nothing leaves the device). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a file the player picked; resolves with its text. */
export function readFileText(file: File): Promise<string> {
  if (file.size > 50 * 1024 * 1024) return Promise.reject(new Error('File larger than 50 MB'));
  return file.text();
}
