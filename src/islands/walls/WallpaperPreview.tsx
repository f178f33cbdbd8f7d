/**
 * The /walls preview (docs/site.md#walls): a phone mockup with a frame per brand, a counter such as
 * '2 / 10', previous/next wrapping inside the brand, close, download and share. The selection is
 * shared with the page's plain script through the DOM: the [data-walls] root's data-selected
 * attribute and the SELECT_EVENT window event (see src/lib/walls/wallpapers.ts).
 * Mounted with client:visible inside a container that stays hidden until the first selection, so
 * React loads on interaction, not with the page. The catalogue is read from the static grid's links
 * (one source of truth in the HTML, no duplicate props payload).
 */
import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../ui/Icon';
import * as ICON from '../../lib/icons';
import * as BRAND from '../../lib/brand-icons';
import {
  DEEP_LINKS,
  DEEP_LINK_FALLBACK_MS,
  DOWNLOAD_DELAY_MS,
  downloadFileName,
  isMobileUserAgent,
  neighbourInBrand,
  positionInBrand,
  SELECT_EVENT,
  sharePopupFeatures,
  shareLinks,
  wallpaperPageUrl,
  type DeepLinkApp,
  type Wallpaper,
  type WallpaperBrand,
} from '../../lib/walls/wallpapers';

/** The wallpapers listed in the page's grid (links carry id, title, brand, image and thumbnail). */
function readWallpapersFromGrid(): Wallpaper[] {
  return [...document.querySelectorAll<HTMLAnchorElement>('a[data-wallpaper-id]')].map((a) => ({
    id: a.dataset.wallpaperId ?? '',
    title: a.dataset.title ?? '',
    category: a.dataset.brand as WallpaperBrand,
    imageUrl: a.getAttribute('href') ?? '',
    thumbnailUrl: a.querySelector('img')?.getAttribute('src') ?? '',
  }));
}

/** Changes the shared selection (the page script and this island both listen to the event). */
function selectWallpaper(id: string | null): void {
  const root = document.querySelector<HTMLElement>('[data-walls]');
  if (root) {
    if (id) root.dataset.selected = id;
    else delete root.dataset.selected;
  }
  window.dispatchEvent(new CustomEvent(SELECT_EVENT, { detail: id }));
}

export default function WallpaperPreview() {
  // The server rendered the empty state; render the same until mounted (no hydration mismatch).
  const [wallpapers, setWallpapers] = useState<Wallpaper[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [canWebShare, setCanWebShare] = useState(false);
  useEffect(() => {
    setWallpapers(readWallpapersFromGrid());
    setCanWebShare(typeof navigator.share === 'function');
    // The pick that revealed this island happened before it loaded: start from the attribute.
    setSelectedId(document.querySelector<HTMLElement>('[data-walls]')?.dataset.selected ?? null);
    const onSelect = (e: Event) => setSelectedId((e as CustomEvent<string | null>).detail);
    window.addEventListener(SELECT_EVENT, onSelect);
    return () => window.removeEventListener(SELECT_EVENT, onSelect);
  }, []);

  const current = wallpapers.find((w) => w.id === selectedId);
  if (!current) return <EmptyPreview />;
  return <Preview key={current.category} wallpaper={current} wallpapers={wallpapers} canWebShare={canWebShare} />;
}

function EmptyPreview() {
  return (
    <div className="card flex flex-col items-center px-6 py-10 text-center lg:py-16">
      <PhoneOutline />
      <p className="mt-4 font-semibold">Select a wallpaper to preview</p>
      <p className="mt-1 text-sm text-muted">Tap any wallpaper to see it on a phone.</p>
    </div>
  );
}

function Preview({
  wallpaper,
  wallpapers,
  canWebShare,
}: {
  wallpaper: Wallpaper;
  wallpapers: Wallpaper[];
  canWebShare: boolean;
}) {
  const position = positionInBrand(wallpapers, wallpaper.id)!;
  const [status, setStatus] = useState('');

  const go = (step: number) => selectWallpaper(neighbourInBrand(wallpapers, wallpaper.id, step));

  const id = wallpaper.id;
  const close = useCallback(() => {
    selectWallpaper(null);
    // Return focus to the thumbnail the visitor came from.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-wallpaper-id="${CSS.escape(id)}"]`)?.focus(),
    );
  }, [id]);

  const download = () => {
    window.open(wallpaper.imageUrl, '_blank', 'noopener');
    window.setTimeout(() => {
      const a = document.createElement('a');
      a.href = wallpaper.imageUrl;
      a.download = downloadFileName(wallpaper.title);
      document.body.append(a);
      a.click();
      a.remove();
    }, DOWNLOAD_DELAY_MS);
  };

  const pageUrl = wallpaperPageUrl(location.origin, wallpaper.id);
  const links = shareLinks(pageUrl, wallpaper.title);

  const popup = (url: string) => {
    window.open(
      url,
      'share',
      sharePopupFeatures({
        left: window.screenX,
        top: window.screenY,
        width: window.outerWidth,
        height: window.outerHeight,
      }),
    );
  };

  const deepLink = (app: DeepLinkApp) => {
    const { app: appUrl, web } = DEEP_LINKS[app];
    if (!isMobileUserAgent(navigator.userAgent)) {
      window.open(web, '_blank', 'noopener');
      return;
    }
    // Try the app; if the page is still visible after the fallback delay, the app is not installed.
    const timer = window.setTimeout(() => {
      if (document.visibilityState === 'visible') window.location.href = web;
    }, DEEP_LINK_FALLBACK_MS);
    document.addEventListener('visibilitychange', () => document.hidden && window.clearTimeout(timer), { once: true });
    window.location.href = appUrl;
  };

  const webShare = async () => {
    try {
      const blob = await (await fetch(wallpaper.imageUrl)).blob();
      const file = new File([blob], downloadFileName(wallpaper.title), { type: 'image/jpeg' });
      if (navigator.canShare?.({ files: [file] })) await navigator.share({ files: [file], title: wallpaper.title });
      else await navigator.share({ title: `${wallpaper.title} wallpaper`, url: pageUrl });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setStatus('Sharing is not available right now.');
    }
  };

  useEffect(() => setStatus(''), [wallpaper.id]);

  // Escape closes the preview wherever focus is: after a pick it stays near the thumbnails, outside it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  return (
    // Arrow keys pressed on any control inside the preview switch wallpapers (the handler only listens).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="card overflow-hidden"
      data-preview
      data-brand={wallpaper.category}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          if ((e.target as HTMLElement).closest('a')) return;
          e.preventDefault();
          go(e.key === 'ArrowLeft' ? -1 : 1);
        }
      }}
    >
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-300">
            {wallpaper.category}
          </p>
          <h3 className="truncate text-lg font-bold" data-preview-title>
            {wallpaper.title}
          </h3>
        </div>
        <button
          type="button"
          onClick={close}
          className="btn-ghost -mr-2 h-10 w-10 shrink-0 p-0"
          aria-label="Close preview"
          data-preview-close
        >
          <Icon svg={ICON.x} />
        </button>
      </div>

      <div className="bg-surface-2 px-5 py-6">
        <PhoneMockup wallpaper={wallpaper} />
        <div className="mt-5 flex items-center justify-center gap-4">
          <button
            type="button"
            onClick={() => go(-1)}
            className="btn-secondary h-11 w-11 rounded-full p-0"
            aria-label="Previous wallpaper"
            data-preview-prev
          >
            <Icon svg={ICON.chevronLeft} />
          </button>
          <p
            className="min-w-16 text-center text-sm font-semibold tabular-nums"
            aria-live="polite"
            aria-atomic="true"
            data-preview-counter
          >
            <span className="sr-only">{wallpaper.title}, </span>
            {position.label}
          </p>
          <button
            type="button"
            onClick={() => go(1)}
            className="btn-secondary h-11 w-11 rounded-full p-0"
            aria-label="Next wallpaper"
            data-preview-next
          >
            <Icon svg={ICON.chevronRight} />
          </button>
        </div>
      </div>

      <div className="px-5 py-5">
        <button type="button" onClick={download} className="btn-primary w-full py-3" data-preview-download>
          <Icon svg={ICON.download} />
          Download
        </button>
        <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-muted" id="share-label">
          Share
        </p>
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby="share-label">
          <ShareButton label="Share on Facebook" onClick={() => popup(links.facebook)} data="facebook">
            <Icon svg={BRAND.facebook} />
          </ShareButton>
          <ShareButton label="Share on X" onClick={() => popup(links.x)} data="x">
            <Icon svg={ICON.x} />
          </ShareButton>
          <ShareButton label="Open Instagram" onClick={() => deepLink('instagram')} data="instagram">
            <Icon svg={BRAND.instagram} />
          </ShareButton>
          <ShareButton label="Open TikTok" onClick={() => deepLink('tiktok')} data="tiktok">
            <Icon svg={BRAND.tiktok} />
          </ShareButton>
          {canWebShare && (
            <button type="button" onClick={webShare} className="btn-secondary h-11 px-4" data-share="native">
              <Icon svg={ICON.share} />
              Share…
            </button>
          )}
        </div>
        {status && (
          <p className="mt-3 text-sm text-muted" role="status">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}

/** Frame styles per brand: Apple titanium with a Dynamic Island, Samsung slim and squarer with a
 * punch hole, Google a two-tone frame with a thicker bezel. */
const FRAMES: Record<WallpaperBrand, { outer: string; inner: string; screen: string; cutout: string; clock: string }> =
  {
    Apple: {
      outer: 'rounded-[2.9rem] bg-gradient-to-b from-zinc-300 via-zinc-400 to-zinc-500 p-[5px] shadow-2xl',
      inner: 'rounded-[2.6rem] bg-black p-[7px]',
      screen: 'rounded-[2.2rem]',
      cutout: 'left-1/2 top-[14px] h-[22px] w-[76px] -translate-x-1/2 rounded-full bg-black',
      clock: 'items-center pt-14 font-semibold',
    },
    Samsung: {
      outer: 'rounded-[1.9rem] bg-gradient-to-b from-slate-500 to-slate-800 p-[3px] shadow-2xl',
      inner: 'rounded-[1.75rem] bg-black p-[4px]',
      screen: 'rounded-[1.5rem]',
      cutout: 'left-1/2 top-[12px] h-[11px] w-[11px] -translate-x-1/2 rounded-full bg-black ring-2 ring-zinc-800',
      clock: 'items-start pl-6 pt-12 font-light',
    },
    Google: {
      outer: 'rounded-[2.5rem] bg-gradient-to-b from-stone-200 to-stone-400 p-[6px] shadow-2xl',
      inner: 'rounded-[2.2rem] bg-zinc-900 p-[10px]',
      screen: 'rounded-[1.6rem]',
      cutout: 'left-1/2 top-[18px] h-[12px] w-[12px] -translate-x-1/2 rounded-full bg-black',
      clock: 'items-center pt-16 font-normal',
    },
  };

function PhoneMockup({ wallpaper }: { wallpaper: Wallpaper }) {
  const f = FRAMES[wallpaper.category];
  return (
    <div className={`relative mx-auto w-full max-w-[250px] ${f.outer}`} data-frame={wallpaper.category}>
      <div className={f.inner}>
        <div
          className={`relative aspect-[9/16] overflow-hidden bg-cover bg-center ${f.screen}`}
          style={{ backgroundImage: `url(${wallpaper.thumbnailUrl})` }}
        >
          <img
            key={wallpaper.id}
            src={wallpaper.imageUrl}
            alt={`${wallpaper.title} wallpaper on a ${wallpaper.category} phone`}
            width={1080}
            height={1920}
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
            data-preview-image
          />
          <div
            aria-hidden="true"
            className={`absolute inset-x-0 top-0 flex flex-col text-white drop-shadow-[0_2px_6px_rgba(0,0,0,0.45)] ${f.clock}`}
          >
            <span className="text-[13px] opacity-90">Monday, June 2</span>
            <span className="text-5xl leading-none tracking-tight">9:41</span>
          </div>
          <span aria-hidden="true" className={`absolute ${f.cutout}`} />
          <span
            aria-hidden="true"
            className="absolute bottom-2 left-1/2 h-1 w-24 -translate-x-1/2 rounded-full bg-white/80"
          />
        </div>
      </div>
    </div>
  );
}

function ShareButton({
  label,
  onClick,
  data,
  children,
}: {
  label: string;
  onClick: () => void;
  data: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="btn-secondary h-11 w-11 p-0"
      aria-label={label}
      title={label}
      data-share={data}
    >
      {children}
    </button>
  );
}

function PhoneOutline() {
  return (
    <span className="grid h-16 w-16 place-items-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-400/15 dark:text-brand-300">
      <Icon svg={ICON.phone} className="h-8 w-8" />
    </span>
  );
}
