import { useState } from 'react';
import type { ImageRef } from '../api/types';
import { ProductImage } from './product-image';

export interface ProductGalleryProps {
  images: readonly ImageRef[];
  name: string;
}

/** The main picture with thumbnails to switch it; the picture keeps its box while switching. */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [chosen, setChosen] = useState(0);
  const index = chosen < images.length ? chosen : 0;
  const current = images[index];
  return (
    <div className="gallery">
      <ProductImage
        src={current?.url}
        alt={current?.alt || name}
        className="gallery__main"
        priority
        width={800}
        height={600}
      />
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, imageIndex) => (
            <li key={image.url}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={imageIndex === index}
                aria-label={`Show image ${imageIndex + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ''}`}
                onClick={() => setChosen(imageIndex)}
              >
                <ProductImage src={image.url} alt="" width={96} height={72} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
