// Images for upload tests, drawn with sharp so each format is real.
import sharp from 'sharp';

export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 0 } } });

export const png = (w = 64, h = 64) => solid(w, h).png().toBuffer();
export const jpeg = (w = 64, h = 64) => solid(w, h).jpeg().toBuffer();
export const webp = (w = 64, h = 64) => solid(w, h).webp().toBuffer();

export function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer },
  field = 'aiz_file',
) {
  const boundary = `----olive${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
