import { z } from 'zod';

/**
 * Zod builds its object parsers with `new Function` unless told not to, and even its check for
 * whether eval is allowed is a violation the site's Content-Security-Policy (no eval) reports. The
 * interpreted parsers give the same results. main.tsx imports this first, before any schema exists:
 * Zod reads the setting when a schema is created.
 */
z.config({ jitless: true });
