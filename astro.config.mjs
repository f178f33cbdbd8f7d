// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { satteri } from '@astrojs/markdown-satteri';
import { blogSubheadings } from './src/lib/blog/subheadings.ts';
import { interactionDirective } from './integrations/interaction-directive.ts';
import { firstPaint } from './integrations/first-paint.ts';
import { phoneCatalogue } from './integrations/phone-catalogue.ts';

export default defineConfig({
  site: 'https://mapletech.ca',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  // imageCDN off: astro:assets images are optimised at build time with sharp, so the same files
  // are served by Netlify and by the offline local emulation (scripts/serve.mjs has no image CDN).
  adapter: netlify({ imageCDN: false }),
  // firstPaint: per-page CSS inline and one script file per page, after the build (docs/performance.md).
  // phoneCatalogue: the phone files' index, rewritten before the build (src/content/phones/README.md).
  integrations: [phoneCatalogue(), react(), interactionDirective(), firstPaint()],
  // Blog posts: a '#' block is a sub-heading under the post title (spec §2 "Blog post").
  markdown: { processor: satteri({ mdastPlugins: [blogSubheadings] }) },
  vite: {
    plugins: [tailwindcss()],
  },
});
