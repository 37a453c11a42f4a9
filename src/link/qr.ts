/**
 * QR codes for the link codes: drawn with lean-qr (small, no dependencies), read with the
 * browser's BarcodeDetector where it has one, else with jsQR on the camera's frames. Both libraries
 * are imported here only, and this file only by the link screen: nothing of them is in the home
 * screen's download.
 */

/** A QR code of `text`, as an image address (data: URL, PNG). */
export async function qrImage(text: string): Promise<string> {
  const { generate } = await import('lean-qr');
  return generate(text).toDataURL({ type: 'image/png', scale: 5 });
}

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

/**
 * Reads the first QR code the camera sees (the back camera where there is one); resolves with its
 * text, or undefined when stopped (signal) or when the device has no camera.
 */
export async function scanCamera(video: HTMLVideoElement, signal: AbortSignal): Promise<string | undefined> {
  if (!navigator.mediaDevices?.getUserMedia) return undefined;
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const read = await reader();
    while (!signal.aborted) {
      const text = video.videoWidth ? await read(video) : undefined;
      if (text) return text;
      await new Promise((r) => setTimeout(r, 200));
    }
    return undefined;
  } finally {
    for (const t of stream.getTracks()) t.stop();
    video.srcObject = null;
  }
}

/** The browser's BarcodeDetector when it reads QR codes, else jsQR (loaded now). */
async function reader(): Promise<(v: HTMLVideoElement) => Promise<string | undefined>> {
  const BD = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
  if (BD) {
    const d = new BD({ formats: ['qr_code'] });
    return async (v) => (await d.detect(v).catch(() => []))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const g = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (v) => {
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    g.drawImage(v, 0, 0);
    const img = g.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' })?.data;
  };
}
