/**
 * Featured videos behaviour (about page). The selected video and its short flag change together
 * (docs/site.md#about). No iframe exists until the visitor presses play; once they have, choosing another video
 * plays it straight away.
 */
import { embedUrl, frameAspect } from '../lib/video';

export function wireFeaturedVideos(root: HTMLElement): void {
  const origin = root.dataset.embedOrigin!;
  const stage = root.querySelector<HTMLElement>('[data-stage]')!;
  const player = root.querySelector<HTMLElement>('[data-player]')!;
  const facades = [...root.querySelectorAll<HTMLButtonElement>('[data-facade]')];
  const choices = [...root.querySelectorAll<HTMLButtonElement>('[data-select-video]')];
  const nowTitle = root.querySelector<HTMLElement>('[data-now-title]')!;
  let playing = false;

  const choiceFor = (id: string) => choices.find((c) => c.dataset.selectVideo === id)!;

  const play = (id: string) => {
    const c = choiceFor(id);
    player.querySelector('iframe')?.remove();
    for (const f of facades) f.hidden = true;
    const frame = document.createElement('iframe');
    frame.src = embedUrl(origin, c.dataset.embedId!);
    frame.title = c.dataset.title!;
    frame.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
    frame.allowFullscreen = true;
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.className = 'absolute inset-0 h-full w-full border-0';
    player.append(frame);
    playing = true;
  };

  const select = (id: string) => {
    const c = choiceFor(id);
    const short = c.dataset.short === 'true';
    for (const other of choices) other.setAttribute('aria-pressed', String(other === c));
    player.dataset.videoId = id;
    player.dataset.short = String(short);
    stage.dataset.short = String(short);
    player.style.aspectRatio = frameAspect(short);
    nowTitle.textContent = c.dataset.title!;
    if (playing) {
      play(id);
    } else {
      for (const f of facades) f.hidden = f.dataset.facade !== id;
    }
  };

  for (const c of choices) c.addEventListener('click', () => select(c.dataset.selectVideo!));
  for (const f of facades) {
    f.addEventListener('click', () => {
      play(f.dataset.facade!);
      player.querySelector('iframe')?.focus();
    });
  }
}
