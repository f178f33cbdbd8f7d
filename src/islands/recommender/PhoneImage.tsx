import { useState } from 'react';
import { Icon } from './Icon';

interface Props {
  src: string | null | undefined;
  alt: string;
  className?: string;
}

/** Phone picture; a load error (or no address) swaps in a placeholder icon (docs/recommender.md#catalogue-records). */
export function PhoneImage({ src, alt, className = 'h-32 w-24' }: Props) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center rounded-2xl bg-surface-2 text-muted ${className}`}
      >
        <Icon name="phone" className="h-1/2 w-1/2" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`object-contain ${className}`}
    />
  );
}
