/**
 * Featured videos on the about page (id, title, thumbnail, embedId, isShort;
 * 4 videos, 1 regular and 3 shorts; the first is the default; docs/site.md#about).
 *
 * Thumbnails are local images (optimised at build), so nothing is fetched from the video host until a
 * visitor presses play. `embedId` is the id on the channel (youtube-nocookie embed); replace these with
 * the channel's real ids when the videos are published.
 */
import type { ImageMetadata } from 'astro';
import budsReview from '../assets/videos/buds3-pro-review.png';
import cameraTest from '../assets/videos/short-camera-test.png';
import androidSettings from '../assets/videos/short-android-settings.png';
import threeGCheck from '../assets/videos/short-3g-check.png';

export interface FeaturedVideo {
  /** Stable id used in the page (data attributes, element ids). */
  id: string;
  title: string;
  thumbnail: ImageMetadata;
  /** Video id on the video host. */
  embedId: string;
  /** Shorts are 9:16 and play in a tall frame. */
  isShort: boolean;
}

export const FEATURED_VIDEOS: readonly FeaturedVideo[] = [
  {
    id: 'buds3-pro-review',
    title: 'Galaxy Buds3 Pro: full review after a month',
    thumbnail: budsReview,
    embedId: 'mT3bVhgxSkc',
    isShort: false,
  },
  {
    id: 'night-camera-test',
    title: 'iPhone vs Galaxy: night photo test',
    thumbnail: cameraTest,
    embedId: 'Qw7bF2ZcUeA',
    isShort: true,
  },
  {
    id: 'android-settings',
    title: '3 Android settings to turn on today',
    thumbnail: androidSettings,
    embedId: 'Lp4xN8dRtYo',
    isShort: true,
  },
  {
    id: '3g-check',
    title: 'Will your phone still work after 3G?',
    thumbnail: threeGCheck,
    embedId: 'Hs2kV9mQwEe',
    isShort: true,
  },
];
