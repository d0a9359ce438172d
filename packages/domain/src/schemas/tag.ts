import * as z from 'zod';

/** A tag. The interface shows only its identifier; the mock adds its `name`. */
export const TagSchema = z.object({
  tag_id: z.string(),
  name: z.string(),
});
/** A tag. */
export type Tag = z.infer<typeof TagSchema>;
