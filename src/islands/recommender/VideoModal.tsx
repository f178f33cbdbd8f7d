/**
 * Expert review video modal: Radix Dialog (focus trapped, Escape and the
 * close button close it, focus returns to the opener). The player is click-to-load: nothing from the
 * video host is fetched until the visitor presses Play, and then only from SITE.videoEmbedOrigin
 * (the privacy-enhanced host the CSP allows). Loaded on demand by the results page.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type RefObject } from 'react';
import { SITE } from '../../config/site';
import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';

interface Props {
  videoId: string;
  title?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the modal; focus returns to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export default function VideoModal({ videoId, title = 'Product Review', open, onOpenChange, returnFocusTo }: Props) {
  const [playing, setPlaying] = useState(false);
  const id = encodeURIComponent(videoId);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) setPlaying(false);
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo?.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[min(56rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-4 shadow-2xl sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted">
                An independent video review. The player loads from YouTube when you press play.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Close video"
            >
              <Icon name="x" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="relative aspect-video overflow-hidden rounded-xl bg-black">
            {playing ? (
              <iframe
                className="absolute inset-0 h-full w-full"
                src={`${SITE.videoEmbedOrigin}/embed/${id}?autoplay=1&rel=0`}
                title={title}
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <button
                type="button"
                onClick={() => setPlaying(true)}
                className="group absolute inset-0 flex h-full w-full items-center justify-center"
                aria-label={`Play video: ${title}`}
              >
                <img
                  src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`}
                  alt=""
                  className="absolute inset-0 h-full w-full object-cover opacity-80 transition group-hover:opacity-100"
                  loading="lazy"
                />
                <span className="relative flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl transition group-hover:scale-110">
                  <Icon path={RESULT_ICONS.play} className="ml-1 h-7 w-7 fill-current" />
                </span>
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
