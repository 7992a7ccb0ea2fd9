import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';
import classes from './grids.module.css';
import type { Photo } from '../api/photos';

/** A thumbnail, square-cropped, lazily loaded, with its size known before it arrives (nothing jumps). */
export function PhotoThumb({ photo }: { photo: Photo }) {
  return (
    <img
      src={photo.thumbnailUrl}
      alt={photo.caption || photo.fileName}
      width={photo.thumbnailWidth ?? 400}
      height={photo.thumbnailHeight ?? 400}
      loading="lazy"
      decoding="async"
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '1',
        objectFit: 'cover',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-gray-1)',
      }}
    />
  );
}

/**
 * Thumbnails three (phones) to six across. Each opens the photo: in a lightbox (`onOpen`)
 * or, without one, on its own page.
 */
export function PhotoGrid({ photos, onOpen }: { photos: Photo[]; onOpen?: (index: number) => void }) {
  return (
    <ul className={classes.photos}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          {onOpen ? (
            <UnstyledButton
              onClick={() => onOpen(index)}
              aria-label={`Open photo ${photo.caption || photo.fileName}`}
              display="block"
              w="100%"
            >
              <PhotoThumb photo={photo} />
            </UnstyledButton>
          ) : (
            <Link to={paths.photo(photo.id)} aria-label={`Photo ${photo.caption || photo.fileName}`}>
              <PhotoThumb photo={photo} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
