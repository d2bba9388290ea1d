import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Every schema of the handlers is zod/mini, imported from here as `import * as z from
 * '#domain/common/validation.ts'`: its functional API lets esbuild drop what a function does not use (classic
 * zod's chained methods kept ~95 KB in every bundle). zod/mini carries no messages of its own,
 * so English is configured once here: the default messages ("Too big: expected string to have <=100
 * characters") read as classic zod's did. Re-exported with `export *`, not as a namespace object, which
 * esbuild cannot tree-shake (every locale came along: 422 KB). It sits in domain/ because the rules there
 * (accounts, contact, settings, newsletter, donations) are schemas, and domain imports only domain and
 * libraries; core/config.ts reads the environment through it too.
 */
config(en());

export * from 'zod/mini';
