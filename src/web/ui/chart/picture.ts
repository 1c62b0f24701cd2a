import { described, pictureSvg, PICTURE_SCALE, type PictureOf } from '../../../charts/picture';
import { forScheme } from './library';

/** The picture as the browser draws it: the chart's option in the page's scheme, rasterised on a canvas. */
export async function picturePng(of: PictureOf): Promise<Blob> {
  const { svg, width, height, legend } = pictureSvg({ ...of, option: forScheme(of.option, of.scheme) });
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * PICTURE_SCALE;
  canvas.height = height * PICTURE_SCALE;
  canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))), 'image/png'),
  );
  return new Blob([described(new Uint8Array(await png.arrayBuffer()), of, legend) as BlobPart], { type: 'image/png' });
}
