/** Real image files for upload tests, made with sharp (JPEG with GPS EXIF, PNG, WebP). */
import sharp from 'sharp';

export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 110 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Roomie 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 4/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '118/1 26/1 0/1' },
    })
    .toBuffer();
}

export async function png(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 250, g: 180, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** Multipart form with one `photo` file, as the browser sends it. */
export function photoForm(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg'): FormData {
  const form = new FormData();
  form.append('photo', new File([bytes as unknown as BlobPart], name, { type }));
  return form;
}
