import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Every schema of the handlers is zod/mini, imported from here as `import * as z from
 * '#shared/core/validation.ts'`: its functional API lets esbuild drop what a function does not use (classic
 * zod's chained methods kept ~95 KB in every bundle; issue #13). zod/mini carries no messages of its own,
 * so English is configured once here: the default messages ("Too big: expected string to have <=100
 * characters") read as classic zod's did. Re-exported with `export *`, not as a namespace object, which
 * esbuild cannot tree-shake (every locale came along: 422 KB).
 */
config(en());

export * from 'zod/mini';
