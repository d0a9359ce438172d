// The command's zod parses without compiling: zod compiles each object schema into a function at
// its first parse, 8 ms of a 150 ms start for the demo seed alone, and the compiled functions were
// no faster for what the mock parses afterwards (a seed of a million contacts, uploads of 100 rows,
// searches). zod reads the setting when a schema is made, so this module is imported before any.
// Library users' processes keep their own zod settings: only the command sets this.
import * as z from 'zod';

z.config({ jitless: true });
