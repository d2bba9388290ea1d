/**
 * Names shared by the build, the page writer and the app's entry (which loads this module alone, so it holds
 * nothing else).
 *
 * The shell's stylesheet is inlined whole (frontend/vite.config.ts), in a `<style>` whose attribute of this name
 * gives its file. A written page keeps inline only the rules its own markup uses, in a `<style>` whose
 * FIRST_SCREEN_STYLE_ATTRIBUTE gives the file, and the app's entry loads the file before the app starts.
 */
export const STYLESHEET_ATTRIBUTE = 'data-stylesheet';
export const FIRST_SCREEN_STYLE_ATTRIBUTE = 'data-first-screen-of';
