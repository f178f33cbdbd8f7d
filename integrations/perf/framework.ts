/**
 * Recognises UI framework runtime code in built JavaScript by strings that survive minification
 * (symbol registry keys, internal property names, error-decoder URLs). Names are hashed in build
 * output (`client.DPlJosq6.js`), so the content is what tells. React (this project's island framework)
 * is recognised reliably; the other entries are best effort — any island's `renderer-url` chunk is
 * treated as a framework runtime anyway (see page-js.ts).
 */

export type FrameworkName = 'react' | 'preact' | 'vue' | 'svelte' | 'solid';

/** Markers per framework; any one of them marks the code as that framework's runtime. */
export const FRAMEWORK_MARKERS: Record<FrameworkName, readonly string[]> = {
  react: [
    'react.transitional.element', // React 19 element symbol (react, react/jsx-runtime)
    'react.element', // React <= 18 element symbol
    '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE', // React 19 internals shared with react-dom
    '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED', // React <= 18 internals
    'react.dev/errors/', // React 19 production error decoder
    'reactjs.org/docs/error-decoder', // React <= 18 production error decoder
  ],
  preact: ['__preactattr_', 'preact/debug', '__PREACT_DEVTOOLS__'],
  vue: ['__VUE__', '__vue_app__', '__VUE_OPTIONS_API__', '__VUE_PROD_DEVTOOLS__'],
  svelte: ['__svelte', 'https://svelte.dev/e/'],
  solid: ['_$HY'],
};

/**
 * The frameworks whose runtime code appears in `code` (empty when none).
 * @param code JavaScript source (a chunk or an inline script)
 */
export function detectFrameworks(code: string): FrameworkName[] {
  return (Object.keys(FRAMEWORK_MARKERS) as FrameworkName[]).filter((name) =>
    FRAMEWORK_MARKERS[name].some((marker) => code.includes(marker)),
  );
}
